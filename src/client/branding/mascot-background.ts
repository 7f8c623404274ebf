/** The configured mascot, the drawing's background unless the page remixes a drawing. */
import { CONSOLE_MESSAGES } from "../../common/constants.ts";
import { loadImage } from "./load-image.ts";

/**
 * Loads the mascot; on failure logs the spec's message and resolves null (the canvas is then plain white, and
 * saving keeps working). Never rejects.
 */
export function loadMascot(src: string): Promise<HTMLImageElement | null> {
  return loadImage(src).catch(() => {
    console.error(CONSOLE_MESSAGES.backgroundFailed);
    return null;
  });
}
