/** Image loading shared by the canvas background and the favicon. */

/**
 * Loads an image that will be drawn on a canvas we later export. CORS mode is always requested: a cross-origin
 * image (or a same-origin URL that redirects elsewhere) then either arrives CORS-approved or fails to load,
 * so it can never taint the canvas and break Save. Same-origin images need no CORS headers in this mode.
 */
export function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.crossOrigin = "anonymous";
    image.decoding = "async";
    // Decoded off the main thread before it is handed over, so drawing it costs no decode in the drawing's task.
    image.onload = () =>
      image.decode().then(
        () => resolve(image),
        () => resolve(image),
      );
    image.onerror = () => reject(new Error(`Could not load image ${src}`));
    image.src = src;
  });
}
