/** Painting a sticker operation: its image, turned and scaled about its centre. */
import type { StickerOperation } from "../../../common/drawing-document/types.ts";
import type { Painter } from "../../engine/painter.ts";
import { stickerSource } from "./catalogue.ts";
import { decodedSticker, loadSticker } from "./load-sticker.ts";

/** The height of a sticker for its width: the image's own aspect (1 for an image without a size). */
export function aspectOf(image: HTMLImageElement): number {
  return image.naturalWidth > 0 && image.naturalHeight > 0 ? image.naturalHeight / image.naturalWidth : 1;
}

/**
 * The same calls every time (move to the centre, turn, draw the image scaled to its width), so the browser
 * rasterises an SVG sticker afresh at each bitmap's resolution and a replay gives the same pixels. Ready once
 * the sticker's image is decoded.
 */
export const painter: Painter<StickerOperation> = {
  ready: (sticker) => decodedSticker(stickerSource(sticker.sticker)) !== null,
  prepare: async (sticker) => {
    await loadSticker(stickerSource(sticker.sticker));
  },
  paint(context, sticker) {
    const image = decodedSticker(stickerSource(sticker.sticker));
    if (image === null)
      throw new Error(`Fanvas: the sticker ${sticker.sticker} was painted before it loaded.`);
    const width = sticker.size;
    const height = sticker.size * aspectOf(image);
    context.save();
    context.globalAlpha = 1;
    context.globalCompositeOperation = "source-over";
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = "high";
    context.translate(sticker.x, sticker.y);
    context.rotate(sticker.rotation);
    context.drawImage(image, -width / 2, -height / 2, width, height);
    context.restore();
  },
};
