/** Sets the page icon from the configured image, drawn on a small canvas as the spec does. */
import { FAVICON_SIZE } from "../../common/constants.ts";
import { loadImage } from "./load-image.ts";

/** Draws the image on a FAVICON_SIZE square canvas and returns it as a PNG data URL. */
function renderFavicon(image: HTMLImageElement): string {
  const canvas = document.createElement("canvas");
  canvas.width = FAVICON_SIZE;
  canvas.height = FAVICON_SIZE;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("2D canvas unavailable");
  context.drawImage(image, 0, 0, FAVICON_SIZE, FAVICON_SIZE);
  return canvas.toDataURL("image/png");
}

/** The page's <link rel="icon">, created when index.html has none. */
function iconLink(): HTMLLinkElement {
  const existing = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (existing) return existing;
  const link = document.createElement("link");
  link.rel = "icon";
  document.head.append(link);
  return link;
}

/**
 * Replaces the icon with the configured image at 32 x 32. Any failure (load error, tainted canvas) leaves the
 * static /favicon.png in place: a missing custom icon is cosmetic and not worth a visitor-facing error.
 */
export async function applyFavicon(src: string): Promise<void> {
  try {
    const dataUrl = renderFavicon(await loadImage(src));
    const link = iconLink();
    link.type = "image/png";
    link.href = dataUrl;
  } catch (error) {
    console.warn("Favicon not replaced; keeping the static icon", error);
  }
}
