/** The stickers a visitor can place: Fanvas' own set (original SVG art in art/), then the community's. */
import type { BrandingSticker } from "../../../common/config.ts";
import crownUrl from "./art/crown.svg?url";
import fredCryUrl from "./art/fred-cry.svg?url";
import fredHappyUrl from "./art/fred-happy.svg?url";
import fredLaughUrl from "./art/fred-laugh.svg?url";
import fredWowUrl from "./art/fred-wow.svg?url";
import gmUrl from "./art/gm.svg?url";
import heartsUrl from "./art/hearts.svg?url";
import laserEyesUrl from "./art/laser-eyes.svg?url";
import moonUrl from "./art/moon.svg?url";
import partyHatUrl from "./art/party-hat.svg?url";
import rocketUrl from "./art/rocket.svg?url";
import sparklesUrl from "./art/sparkles.svg?url";
import speechBubbleUrl from "./art/speech-bubble.svg?url";
import sunglassesUrl from "./art/sunglasses.svg?url";

/** A sticker in the panel: its accessible name and its image's address. */
export interface StickerEntry {
  readonly id: string;
  readonly name: string;
  readonly src: string;
}

/** Fanvas's own stickers, made for it (Fred's faces match public/mascot.svg), in the panel's order. */
export const DEFAULT_STICKERS: readonly StickerEntry[] = [
  { id: "fred-happy", name: "Fred happy", src: fredHappyUrl },
  { id: "fred-laugh", name: "Fred laughing", src: fredLaughUrl },
  { id: "fred-wow", name: "Fred amazed", src: fredWowUrl },
  { id: "fred-cry", name: "Fred crying", src: fredCryUrl },
  { id: "party-hat", name: "Party hat", src: partyHatUrl },
  { id: "sunglasses", name: "Sunglasses", src: sunglassesUrl },
  { id: "laser-eyes", name: "Laser eyes", src: laserEyesUrl },
  { id: "crown", name: "Crown", src: crownUrl },
  { id: "hearts", name: "Hearts", src: heartsUrl },
  { id: "rocket", name: "Rocket", src: rocketUrl },
  { id: "moon", name: "Moon", src: moonUrl },
  { id: "speech-bubble", name: "Speech bubble", src: speechBubbleUrl },
  { id: "gm", name: "GM", src: gmUrl },
  { id: "sparkles", name: "Sparkles", src: sparklesUrl },
];

/**
 * Where a sticker named in a drawing's log is drawn from: Fanvas's own by their id, a community's by its image
 * address, which is its id in the log (its place in the branding's list changes as the list is edited).
 */
export function stickerSource(id: string): string {
  return DEFAULT_STICKERS.find((entry) => entry.id === id)?.src ?? id;
}

/** A panel entry's id in a drawing's log (see stickerSource). */
export function loggedStickerId(entry: StickerEntry): string {
  return DEFAULT_STICKERS.some((own) => own.id === entry.id) ? entry.id : entry.src;
}

/** The default set followed by the community's stickers from the branding file. */
export function stickerCatalogue(community: readonly BrandingSticker[] = []): StickerEntry[] {
  const own = community.map((sticker, index) => ({
    id: `community-${index}`,
    name: sticker.name,
    src: sticker.image,
  }));
  return [...DEFAULT_STICKERS, ...own];
}
