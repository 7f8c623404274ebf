/** What the history keeps of a state of the picture, and the spare canvases its copies are made in. */
import { copyPixels } from "./render.ts";

/** A copy of the picture for the history: the 600 x 600 document and, at pixel ratio != 1, the display. */
export interface Snapshot {
  readonly document: HTMLCanvasElement;
  readonly display: HTMLCanvasElement | null;
  /** Backing-store side of `display` when it was taken. */
  readonly displaySize: number;
}

/**
 * The first display, kept as what paints it again (white, then `background` mirrored, if any) rather than as a
 * copy of its pixels: painting it again makes the same pixels, and keeping it costs nothing (no canvas, no
 * copy), so the tool is ready one copy of the whole picture sooner.
 */
export interface FirstDisplay {
  readonly background: CanvasImageSource | null;
}

/** What a history keeps of a state: a copy of the pixels, or the first display, which is painted again. */
export type Checkpoint = Snapshot | FirstDisplay;

/** True for a copy of the pixels (it holds canvases to give back), false for the first display. */
export function isSnapshot(checkpoint: Checkpoint): checkpoint is Snapshot {
  return "document" in checkpoint;
}

/** The canvas's 2D context; every browser the page supports has one. */
export function context2d(canvas: HTMLCanvasElement): CanvasRenderingContext2D {
  const context = canvas.getContext("2d");
  if (context === null) throw new Error("Fanvas needs a 2D canvas context, and this browser gave none.");
  return context;
}

/** Spare canvases kept for reuse: one snapshot's worth (document + display at pixel ratio != 1). */
const MAX_SPARES = 2;

/** Frees a canvas's backing store now rather than at the next garbage collection. */
export function freeCanvas(canvas: HTMLCanvasElement): void {
  canvas.width = 0;
  canvas.height = 0;
}

/**
 * Canvases of released snapshots, kept for the next snapshot (at most one snapshot's worth). Copying into a
 * fresh canvas cost about 1.5 ms (allocating its backing store and context on first draw); into a reused one
 * about 0.06 ms, and a checkpoint is taken every K strokes, at the pointerup that ends one.
 */
export class CanvasPool {
  readonly #document: Document;
  #spares: HTMLCanvasElement[] = [];

  constructor(document: Document) {
    this.#document = document;
  }

  /** A copy of `source`, in a spare canvas of its size when there is one (copyPixels replaces every pixel). */
  copyOf(source: HTMLCanvasElement): HTMLCanvasElement {
    const copy = this.#takeSpare(source.width, source.height) ?? this.#newCanvas(source.width, source.height);
    copyPixels(context2d(copy), source);
    return copy;
  }

  /**
   * Takes back a checkpoint the history let go of: a snapshot's canvases are kept for the next snapshot (up to
   * one snapshot's worth); the rest have their memory freed now rather than at the next garbage collection.
   */
  release(checkpoint: Checkpoint): void {
    if (!isSnapshot(checkpoint)) return;
    for (const canvas of [checkpoint.document, checkpoint.display]) {
      if (canvas === null) continue;
      if (this.#spares.length < MAX_SPARES) this.#spares.push(canvas);
      else freeCanvas(canvas);
    }
  }

  /** Frees the kept spare canvases (the engine is going away, or their size will never fit again). */
  drop(): void {
    for (const canvas of this.#spares) freeCanvas(canvas);
    this.#spares = [];
  }

  /** Setting a size, even the same one, resets a canvas: only fresh canvases get one. */
  #newCanvas(width: number, height: number): HTMLCanvasElement {
    const canvas = this.#document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    return canvas;
  }

  #takeSpare(width: number, height: number): HTMLCanvasElement | null {
    const index = this.#spares.findIndex((spare) => spare.width === width && spare.height === height);
    return index === -1 ? null : (this.#spares.splice(index, 1)[0] ?? null);
  }
}
