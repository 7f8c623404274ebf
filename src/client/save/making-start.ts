/** Where a save's making starts, read without the codec (the save callback is on the page's first load). */
import { DRAWING_ID_PATTERN } from "../../common/api.ts";
import { START_KINDS } from "../../common/drawing-document/operation-codes.ts";

/**
 * The drawing a making starts from when it is a remix: its starting picture's id, read from the encoding's
 * header (magic, version 1, the start's kind byte 2, then the 12-character id), so nothing is decoded.
 */
export function remixedIn(making: Uint8Array): string | undefined {
  const DRAWING_START = 5;
  if (making[DRAWING_START] !== START_KINDS.indexOf("drawing")) return undefined;
  const id = new TextDecoder().decode(making.subarray(DRAWING_START + 1, DRAWING_START + 13));
  return DRAWING_ID_PATTERN.test(id) ? id : undefined;
}
