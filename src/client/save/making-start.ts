/** Where a save's making starts, read without the codec (the save callback is on the page's first load). */
import { DRAWING_ID_PATTERN } from "../../common/api.ts";
import { START_KINDS } from "../../common/drawing-document/operation-codes.ts";

/**
 * The drawing a making starts from when it is a remix: its starting picture's id, read from the encoding's
 * header (magic bytes 0-3, version 4, the start's kind 5, the id's length 6, then the 12-character id), so
 * nothing is decoded.
 */
export function remixedIn(making: Uint8Array): string | undefined {
  const KIND = 5;
  const ID_LENGTH = 12;
  if (making[KIND] !== START_KINDS.indexOf("drawing") || making[KIND + 1] !== ID_LENGTH) return undefined;
  const id = new TextDecoder().decode(making.subarray(KIND + 2, KIND + 2 + ID_LENGTH));
  return DRAWING_ID_PATTERN.test(id) ? id : undefined;
}
