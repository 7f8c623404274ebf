import { IMAGE_HOST } from "../../common/config.ts";

/** The branding file's `stickers`: a community's own stamps, checked at start like the mascot image. */

/** How many stickers a community may add to Fanvas's own set (the panel stays a panel). */
export const MAX_COMMUNITY_STICKERS = 48;
const MAX_NAME_LENGTH = 40;
/**
 * A path on this server, or an https URL of a plain host (a page served over https cannot draw http images,
 * and the host is written into the page's Content-Security-Policy).
 */
const IMAGE_PATTERN = new RegExp(`^(/(?!/)|https://${IMAGE_HOST}([/?#]|$))`);

/**
 * What is wrong with a `stickers` value, naming the entry (`stickers[2].image must ...`), or undefined when
 * it is a list of 1..48 `{ name, image }` objects with a name of 1..40 characters and an image path or https URL.
 */
export function stickersProblem(value: unknown): string | undefined {
  if (!Array.isArray(value)) return `"stickers" must be a list of { "name", "image" } objects`;
  if (value.length === 0 || value.length > MAX_COMMUNITY_STICKERS) {
    return `"stickers" must hold 1 to ${MAX_COMMUNITY_STICKERS} stickers (got ${value.length})`;
  }
  for (const [index, sticker] of value.entries()) {
    const at = `"stickers[${index}]`;
    if (typeof sticker !== "object" || sticker === null || Array.isArray(sticker)) {
      return `${at}" must be an object with "name" and "image"`;
    }
    const extra = Object.keys(sticker).find((key) => key !== "name" && key !== "image");
    if (extra !== undefined) return `${at}.${extra}" is not a known field (a sticker has "name" and "image")`;
    const { name, image } = sticker as Record<string, unknown>;
    if (typeof name !== "string" || name.trim().length === 0 || name.length > MAX_NAME_LENGTH) {
      return `${at}.name" must be text of 1 to ${MAX_NAME_LENGTH} characters (got ${JSON.stringify(name)})`;
    }
    if (typeof image !== "string" || !IMAGE_PATTERN.test(image)) {
      return `${at}.image" must be a path on this server (/stickers/hat.svg) or an https:// URL (got ${JSON.stringify(image)})`;
    }
  }
  return undefined;
}
