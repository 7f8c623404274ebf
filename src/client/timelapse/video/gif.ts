/**
 * The timelapse as an animated GIF, for a browser that cannot encode H.264: gifenc (MIT), within what X takes
 * (at most 350 frames and 15 MB). One palette for every frame, taken from the finished picture and the start
 * (a drawing's few flat colours), so each frame is only mapped onto it; the held end is one frame with a long
 * delay.
 */
import { applyPalette, GIFEncoder, quantize } from "gifenc";
import type { TimelapseReplay } from "../replay.ts";
import { drawFrame, type FrameStyle, HOLD_MS } from "./frames.ts";
import type { EncodeOptions } from "./mp4.ts";

/** X's limits for a GIF. */
export const MAX_GIF_FRAMES = 350;
export const MAX_GIF_BYTES = 15 * 1024 * 1024;
/** Frames a second at most; fewer when the timelapse is long, to stay within MAX_GIF_FRAMES. */
const MAX_GIF_FPS = 20;
/** Sizes tried in turn until the file is within MAX_GIF_BYTES. */
const GIF_SIZES = [480, 360, 240] as const;

function squareContext(size: number): CanvasRenderingContext2D {
  const canvas = document.createElement("canvas");
  canvas.width = size;
  canvas.height = size;
  const context = canvas.getContext("2d", { willReadFrequently: true });
  if (context === null) throw new Error("This browser gave no 2D canvas to draw the GIF's frames on.");
  return context;
}

function pixels(context: CanvasRenderingContext2D): Uint8ClampedArray {
  const { width, height } = context.canvas;
  return context.getImageData(0, 0, width, height).data;
}

async function encodeAt(replay: TimelapseReplay, size: number, options: EncodeOptions): Promise<Blob> {
  const { duration } = replay.timeline;
  // The replay's frames, and one more held at the end.
  const fps = Math.min(MAX_GIF_FPS, (MAX_GIF_FRAMES - 1) / Math.max(duration / 1000, 0.001));
  const frames = Math.max(1, Math.floor((duration / 1000) * fps));
  const context = squareContext(size);
  const style: FrameStyle = options.style;
  drawFrame(context, replay.finished(), style);
  const end = pixels(context);
  drawFrame(context, replay.frameAt(0), style);
  const both = new Uint8ClampedArray(end.length * 2);
  both.set(end);
  both.set(pixels(context), end.length);
  const palette = quantize(both, 256);
  const gif = GIFEncoder();
  const delay = 1000 / fps;
  for (let index = 0; index <= frames; index += 1) {
    options.signal.throwIfAborted();
    const last = index === frames;
    drawFrame(context, last ? replay.finished() : replay.frameAt(index * delay), style);
    gif.writeFrame(applyPalette(pixels(context), palette), size, size, {
      palette,
      delay: last ? HOLD_MS : delay,
    });
    options.onProgress((index + 1) / (frames + 1));
    // Let the page breathe between frames: quantising is the main thread's work.
    if (index % 8 === 7) await new Promise((resolve) => setTimeout(resolve, 0));
  }
  gif.finish();
  return new Blob([gif.bytes()], { type: "image/gif" });
}

/** Encodes the timelapse as a GIF within X's limits; rejects with an AbortError when cancelled. */
export async function encodeGif(replay: TimelapseReplay, options: EncodeOptions): Promise<Blob> {
  let made: Blob | undefined;
  for (const size of GIF_SIZES) {
    made = await encodeAt(replay, size, options);
    if (made.size <= MAX_GIF_BYTES) return made;
  }
  if (made === undefined) throw new Error("No GIF was made.");
  return made;
}
