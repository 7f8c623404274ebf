import type { ToolAction } from "../../engine/types.ts";
import type { StickerPlacement } from "./sticker-transform.ts";

/** The height of a sticker for its width: the image's own aspect (1 for an image without a size). */
export function aspectOf(image: HTMLImageElement): number {
  return image.naturalWidth > 0 && image.naturalHeight > 0 ? image.naturalHeight / image.naturalWidth : 1;
}

/**
 * The history's record of a placed sticker: the decoded image and where it sits, painted with the same
 * calls every time (move to the centre, turn, draw the image scaled to its width), so the browser rasterises
 * an SVG sticker afresh at each bitmap's resolution and a replay gives the same pixels.
 */
export function stickerAction(image: HTMLImageElement, placement: StickerPlacement): ToolAction {
  const width = placement.size;
  const height = placement.size * aspectOf(image);
  return {
    kind: "sticker",
    paint(context) {
      context.globalAlpha = 1;
      context.globalCompositeOperation = "source-over";
      context.imageSmoothingEnabled = true;
      context.imageSmoothingQuality = "high";
      context.translate(placement.x, placement.y);
      context.rotate(placement.rotation);
      context.drawImage(image, -width / 2, -height / 2, width, height);
    },
  };
}
