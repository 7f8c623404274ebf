import { CANVAS_SIZE } from "../../../src/common/constants.ts";

/** A 600 x 600 canvas (CSS and backing store) appended to `host`. */
export function createCanvas(host: HTMLElement): HTMLCanvasElement {
  const canvas = document.createElement("canvas");
  canvas.width = CANVAS_SIZE;
  canvas.height = CANVAS_SIZE;
  canvas.style.cssText = `display:block;width:${CANVAS_SIZE}px;height:${CANVAS_SIZE}px;touch-action:none`;
  host.append(canvas);
  return canvas;
}

/** The 2D context of `canvas`, or a clear error. */
export function context2d(canvas: HTMLCanvasElement): CanvasRenderingContext2D {
  const context = canvas.getContext("2d");
  if (context === null) throw new Error("The bench needs a 2D canvas context.");
  return context;
}

/** Share of pixels that are neither white nor transparent. */
export function inkedShareOf(pixels: ImageData): number {
  const data = pixels.data;
  let inked = 0;
  for (let index = 0; index < data.length; index += 4) {
    const alpha = data[index + 3] ?? 0;
    const white = data[index] === 255 && data[index + 1] === 255 && data[index + 2] === 255;
    if (alpha > 0 && !white) inked += 1;
  }
  return inked / (data.length / 4);
}

/** Decodes a PNG blob and draws it: the generic "restore a bitmap" path. */
export async function drawPng(context: CanvasRenderingContext2D, png: Blob): Promise<void> {
  const bitmap = await createImageBitmap(png);
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
}

/** Exactly-sized PNG of `canvas`. */
export function pngOf(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob === null ? reject(new Error("toBlob gave nothing")) : resolve(blob)),
      "image/png",
    );
  });
}
