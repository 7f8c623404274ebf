import type { BrandingSticker } from "../config.ts";

/** The ids of Fanvas's own stickers, in the panel's order (the page's catalogue gives each its art). */
export const FANVAS_STICKER_IDS: readonly string[] = [
  "fred-happy",
  "fred-laugh",
  "fred-wow",
  "fred-cry",
  "party-hat",
  "sunglasses",
  "laser-eyes",
  "crown",
  "hearts",
  "rocket",
  "moon",
  "speech-bubble",
  "gm",
  "sparkles",
];

/**
 * The sticker ids a drawing log may place on this page: Fanvas's own, and each of the branding's stickers by its
 * image address (a community's sticker has no other lasting name: its place in the list changes as it is edited).
 */
export function knownStickers(branding: readonly BrandingSticker[] = []): ReadonlySet<string> {
  return new Set([...FANVAS_STICKER_IDS, ...branding.map((sticker) => sticker.image)]);
}
