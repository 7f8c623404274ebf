/** Decoded sticker images, one per address for the whole visit (placing and replaying reuse it). */

const images = new Map<string, Promise<HTMLImageElement>>();
const decoded = new Map<string, HTMLImageElement>();

/**
 * The sticker's image, decoded. Remote images are asked for with CORS (the branding check at start says
 * whether they send it), so drawing them never taints the canvas; a failed load is forgotten, to try again.
 */
export function loadSticker(src: string): Promise<HTMLImageElement> {
  let loading = images.get(src);
  if (loading === undefined) {
    const image = new Image();
    image.crossOrigin = "anonymous";
    image.src = src;
    loading = image.decode().then(() => {
      decoded.set(src, image);
      return image;
    });
    loading.catch(() => images.delete(src));
    images.set(src, loading);
  }
  return loading;
}

/** The sticker's image if it has been loaded and decoded already (what painting it needs), else null. */
export function decodedSticker(src: string): HTMLImageElement | null {
  return decoded.get(src) ?? null;
}
