/// <reference lib="webworker" />
/**
 * The backup's PNG encoder, in a worker of its own: it receives a copy of the drawing as an ImageBitmap and
 * answers with its PNG. Chromium encodes an HTMLCanvasElement's toBlob PNG on the page's main thread (in idle
 * tasks, several milliseconds for the 600 x 600 drawing), and the backup writes after most strokes; here
 * that work runs beside the page instead of between its frames.
 */

/** One encoding request (the page sends the next only after this one's answer). */
export interface PngRequest {
  readonly bitmap: ImageBitmap;
}

/** The PNG of the request, or why there is none. */
export type PngAnswer = { readonly png: Blob } | { readonly error: string };

const scope = self as unknown as DedicatedWorkerGlobalScope;

async function encode({ bitmap }: PngRequest): Promise<Blob> {
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext("2d");
  if (context === null) throw new Error("no 2D context in the worker");
  // A same-size copy replaces every pixel as it is (the drawing is opaque: nothing to premultiply).
  context.globalCompositeOperation = "copy";
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
  return canvas.convertToBlob({ type: "image/png" });
}

scope.onmessage = async (event: MessageEvent<PngRequest>) => {
  try {
    scope.postMessage({ png: await encode(event.data) } satisfies PngAnswer);
  } catch (error) {
    scope.postMessage({ error: error instanceof Error ? error.message : String(error) } satisfies PngAnswer);
  }
};
