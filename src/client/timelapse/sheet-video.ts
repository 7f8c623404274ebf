/**
 * The save sheet's video actions: right after a save, this tab's own making and PNG make the timelapse's video
 * without asking the server (the same check as everywhere: a replay that does not end on the PNG offers none).
 */
import { DEFAULT_BRANDING } from "../../common/config.ts";
import { drawingImagePath } from "../../common/permalink.ts";
import { readInjectedBranding } from "../branding/branding.ts";
import { loadImage } from "../branding/load-image.ts";
import { timelapseOf } from "./load-timelapse.ts";
import { videoActions } from "./video-actions.ts";

/** The actions for the drawing just saved, or null when its making does not replay to its PNG. */
export async function sheetVideoActions(
  making: Uint8Array,
  png: Blob,
  shareText: string,
): Promise<HTMLElement | null> {
  const branding = readInjectedBranding() ?? DEFAULT_BRANDING;
  const url = URL.createObjectURL(png);
  try {
    const picture = await loadImage(url);
    const loaded = await timelapseOf(making, picture, {
      mascotUrl: branding.mascotImage,
      stickers: (branding.stickers ?? []).map((sticker) => sticker.image),
      drawingUrl: drawingImagePath,
    });
    if (!loaded.comparison.matches) return null;
    return videoActions({
      replay: loaded.replay,
      prefix: branding.downloadPrefix,
      style: { title: branding.videoTitle === false ? null : branding.title },
      shareText,
    });
  } finally {
    URL.revokeObjectURL(url);
  }
}
