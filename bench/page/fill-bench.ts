import mascotUrl from "../../public/mascot.png?url";
import { DrawingEngine } from "../../src/client/engine/drawing-engine.ts";
import { DEFAULT_FILL_TOLERANCE, floodFill } from "../../src/client/tools/fill/flood-fill.ts";
import { fillAt } from "../../src/client/tools/fill-at.ts";
import { packHex } from "../../src/client/tools/packed-colour.ts";
import { CANVAS_SIZE } from "../../src/common/constants.ts";
import { createCanvas } from "./adapters/canvas.ts";
import { referenceScanlineFill } from "./reference-fill.ts";

/** Milliseconds of each timed fill, by what was timed. */
export interface FillTimes {
  /** The plain scanline fill (exact colour match, in place) on the default canvas's pixels. */
  readonly reference: number[];
  /** Fanvas's floodFill (tolerance, edge blending, in place on a copy) on the same pixels. */
  readonly fanvas: number[];
  /** What a tap costs the page: read the pixels, floodFill, paint the layer on the canvas, record the action. */
  readonly whole: number[];
}

function loadMascot(): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error("the bench could not load the mascot"));
    image.src = mascotUrl;
  });
}

/** Milliseconds the reference takes on a fresh copy of `original` (the copy is not timed). */
function timeReference(original: Uint32Array, fill: number): number {
  const copy = original.slice();
  const start = performance.now();
  referenceScanlineFill(copy, CANVAS_SIZE, CANVAS_SIZE, 0, 0, fill);
  return performance.now() - start;
}

/** Milliseconds Fanvas's floodFill takes on a fresh copy of `original` (the copy is not timed). */
function timeFanvas(original: Uint32Array, fill: number): number {
  const image = { width: CANVAS_SIZE, height: CANVAS_SIZE, pixels: original.slice() };
  const start = performance.now();
  floodFill(image, 0, 0, fill, DEFAULT_FILL_TOLERANCE);
  return performance.now() - start;
}

/**
 * Fills the whole background of the default canvas (white + mirrored mascot) from its top-left corner,
 * `reps` times each way, interleaved so both meet the same machine load, in alternating order. Each fill starts from the same
 * untouched pixels; the page's own fill is undone (untimed) before the next.
 */
export async function benchFill(host: HTMLElement, reps: number): Promise<FillTimes> {
  const canvas = createCanvas(host);
  const engine = new DrawingEngine(canvas, { pixelRatio: 1 });
  engine.setBackground(await loadMascot());
  const original = new Uint32Array(engine.getImageData().data.buffer);
  const red = packHex("#ff0000");
  const times: FillTimes = { reference: [], fanvas: [], whole: [] };
  for (let rep = 0; rep < reps; rep++) {
    // Alternate which goes first, so neither always meets the other's leftovers (caches, collector).
    if (rep % 2 === 0) {
      times.reference.push(timeReference(original, red));
      times.fanvas.push(timeFanvas(original, red));
    } else {
      times.fanvas.push(timeFanvas(original, red));
      times.reference.push(timeReference(original, red));
    }
    const start = performance.now();
    fillAt(engine, { x: 0.5, y: 0.5 }, "#ff0000");
    times.whole.push(performance.now() - start);
    engine.undo();
    await new Promise((resolve) => requestAnimationFrame(resolve));
  }
  engine.destroy();
  canvas.remove();
  return times;
}
