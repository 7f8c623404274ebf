/**
 * The picture at any moment of a drawing's timelapse, painted by the engine's own painters (the same calls that
 * drew it, so the finished replay is the drawing's pixels). Finished operations are painted once onto a base
 * canvas; a frame is the base, and the stroke being drawn up to its current point on top. Going back (a scrub, a
 * replay) starts again from the nearest checkpoint, one kept every CHECKPOINT_EVERY operations.
 */
import { CANVAS_SIZE } from "../../common/constants.ts";
import type { DrawingDocument, Operation, StrokeOperation } from "../../common/drawing-document/types.ts";
import { context2d } from "../engine/checkpoints.ts";
import { type PainterTable, type PaintSource, painterOf } from "../engine/painter.ts";
import { paintBackground } from "../engine/render.ts";
import { buildTimeline, stateAt, type Timeline } from "./timeline.ts";

/** Operations between two kept pictures: at 1,000 operations, ten canvases of 1.44 MB, and a scrub paints at most 99. */
const CHECKPOINT_EVERY = 100;

function newCanvas(): HTMLCanvasElement {
  const canvas = document.createElement("canvas");
  canvas.width = CANVAS_SIZE;
  canvas.height = CANVAS_SIZE;
  return canvas;
}

/** A stroke through its first `count` points only (the stroke as it stood while it was drawn). */
function strokeThrough(stroke: StrokeOperation, count: number): StrokeOperation {
  const { x, y, elapsed, pressure } = stroke.points;
  return {
    ...stroke,
    points: {
      x: x.slice(0, count),
      y: y.slice(0, count),
      elapsed: elapsed.slice(0, count),
      ...(pressure === undefined ? {} : { pressure: pressure.slice(0, count) }),
    },
  };
}

/**
 * Fetches what every operation's painter needs (the caption face, sticker images, the painters' own code);
 * rejects when something cannot be had, since a replay without it would show another picture.
 */
export async function preparePainters(document: DrawingDocument, painters: PainterTable): Promise<void> {
  const asked = new Set<string>();
  const waits: Promise<void>[] = [];
  for (const operation of document.operations) {
    const painter = painterOf(painters, operation);
    if (painter.ready(operation)) continue;
    const what = operation.kind === "sticker" ? `sticker:${operation.sticker}` : operation.kind;
    if (asked.has(what)) continue;
    asked.add(what);
    waits.push(painter.prepare(operation));
  }
  await Promise.all(waits);
}

/** A drawing's timelapse, ready to paint any moment of it (its painters prepared: preparePainters). */
export class TimelapseReplay {
  readonly timeline: Timeline;
  readonly #operations: readonly Operation[];
  readonly #painters: PainterTable;
  readonly #background: CanvasImageSource | null;
  readonly #base = newCanvas();
  readonly #baseContext = context2d(this.#base);
  readonly #frame = newCanvas();
  readonly #frameContext = context2d(this.#frame);
  readonly #checkpoints = new Map<number, HTMLCanvasElement>();
  readonly #memo = new WeakMap<Operation, unknown>();
  readonly #source: PaintSource;
  /** Operations on the base canvas now: 0 .. painted - 1. */
  #painted = 0;

  /** `background` is the starting picture as the engine's first display takes it (null: white). */
  constructor(document: DrawingDocument, background: CanvasImageSource | null, painters: PainterTable) {
    this.timeline = buildTimeline(document);
    this.#operations = document.operations;
    this.#painters = painters;
    this.#background = background;
    this.#source = {
      pixels: () => this.#baseContext.getImageData(0, 0, CANVAS_SIZE, CANVAS_SIZE),
      background,
      memo: this.#memo,
    };
    paintBackground(this.#baseContext, background);
  }

  /** The picture `at` playback milliseconds: a 600 x 600 canvas, valid until the next call. */
  frameAt(at: number): HTMLCanvasElement {
    const state = stateAt(this.timeline, at);
    this.#paintThrough(state.done);
    const stroke = this.#operations[state.done];
    if (state.partialPoints === undefined || stroke?.kind !== "stroke") return this.#base;
    this.#frameContext.save();
    this.#frameContext.globalCompositeOperation = "copy";
    this.#frameContext.drawImage(this.#base, 0, 0);
    this.#frameContext.restore();
    const partial = strokeThrough(stroke, state.partialPoints);
    painterOf(this.#painters, partial).paint(this.#frameContext, partial, this.#source);
    return this.#frame;
  }

  /** The finished picture: every operation painted. */
  finished(): HTMLCanvasElement {
    return this.frameAt(this.timeline.duration);
  }

  /** Brings the base canvas to operations 0 .. done - 1, from a checkpoint when it must go back. */
  #paintThrough(done: number): void {
    if (done < this.#painted) this.#restoreBefore(done);
    for (let index = this.#painted; index < done; index += 1) {
      const operation = this.#operations[index];
      if (operation === undefined) break;
      painterOf(this.#painters, operation).paint(this.#baseContext, operation, this.#source);
      this.#painted = index + 1;
      if (this.#painted % CHECKPOINT_EVERY === 0 && !this.#checkpoints.has(this.#painted)) {
        const copy = newCanvas();
        context2d(copy).drawImage(this.#base, 0, 0);
        this.#checkpoints.set(this.#painted, copy);
      }
    }
  }

  #restoreBefore(done: number): void {
    const at = Math.floor(done / CHECKPOINT_EVERY) * CHECKPOINT_EVERY;
    const kept = this.#checkpoints.get(at);
    this.#baseContext.save();
    this.#baseContext.globalCompositeOperation = "copy";
    if (kept === undefined) paintBackground(this.#baseContext, this.#background);
    else this.#baseContext.drawImage(kept, 0, 0);
    this.#baseContext.restore();
    this.#painted = kept === undefined ? 0 : at;
  }
}
