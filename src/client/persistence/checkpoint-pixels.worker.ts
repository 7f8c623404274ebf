/**
 * Reads a checkpoint's pixels off the page's main thread (decision 0024): a bitmap of the drawing comes in, its
 * RGBA bytes go back on the port that came with it, as a Blob (handed over by reference, not copied).
 */
self.onmessage = ({ data: bitmap, ports: [reply] }: MessageEvent<ImageBitmap>) => {
  const { width, height } = bitmap;
  const context = new OffscreenCanvas(width, height).getContext("2d") as OffscreenCanvasRenderingContext2D;
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
  reply?.postMessage(new Blob([context.getImageData(0, 0, width, height).data]));
};
