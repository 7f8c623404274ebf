/**
 * The community's own stickers, read from the branding the server injected into the page (or /api/config
 * under `vite dev`) when the sticker panel opens, rather than by the page's first bundle, which has no use
 * for them. The server has validated them at start; anything else in the list is left out.
 */
import { type BrandingSticker, CONFIG_ELEMENT_ID } from "../../../common/config.ts";

function isSticker(value: unknown): value is BrandingSticker {
  const sticker = value as Partial<BrandingSticker> | null;
  return typeof sticker?.name === "string" && typeof sticker.image === "string";
}

/** The branding's `stickers`, or none when there are none or the branding cannot be read. */
export async function communityStickers(): Promise<BrandingSticker[]> {
  try {
    const injected = document.getElementById(CONFIG_ELEMENT_ID)?.textContent;
    const branding: unknown = injected
      ? JSON.parse(injected)
      : await (await fetch("/api/config", { headers: { Accept: "application/json" } })).json();
    const stickers = (branding as { stickers?: unknown } | null)?.stickers;
    return Array.isArray(stickers) ? stickers.filter(isSticker) : [];
  } catch {
    return [];
  }
}
