import { DRAWING_ID_PATTERN } from "./api.ts";

/** Remixing: the drawing page opened as /?remix=<id> starts from that drawing instead of the mascot. */

/** The query parameter of the drawing page that names the drawing to remix. */
export const REMIX_PARAM = "remix";

/** The drawing page that remixes this drawing. */
export function remixPath(id: string): string {
  return `/?${REMIX_PARAM}=${encodeURIComponent(id)}`;
}

/** The drawing id a page's query string asks to remix, when it is one (12 letters, digits, - or _). */
export function remixIdIn(search: string): string | null {
  const id = new URLSearchParams(search).get(REMIX_PARAM);
  return id !== null && DRAWING_ID_PATTERN.test(id) ? id : null;
}
