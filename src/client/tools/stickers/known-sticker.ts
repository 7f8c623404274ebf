/** Matches a sticker kept from before a reload with what the panel offers now. */
import { type StickerEntry, stickerCatalogue } from "./catalogue.ts";
import { communityStickers } from "./community-stickers.ts";

/**
 * The panel's entry for a sticker kept from before a reload: Fanvas's own by id (their addresses change with
 * each build), a community's by its address (its id is only its place in the branding's list). Null when
 * the sticker is no longer offered, so nothing the branding has since dropped comes back.
 */
export async function knownSticker(kept: StickerEntry): Promise<StickerEntry | null> {
  const catalogue = stickerCatalogue(await communityStickers());
  const community = kept.id.startsWith("community-");
  return catalogue.find((entry) => (community ? entry.src === kept.src : entry.id === kept.id)) ?? null;
}
