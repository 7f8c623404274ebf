/** Where a stored drawing's own page lives, shared by the server route and the page's share links. */

/** Every permalink starts with this. */
export const PERMALINK_PREFIX = "/d/";

/** The permalink path of a drawing, e.g. "/d/AbCdEfGh1234". */
export function permalinkPath(id: string): string {
  return `${PERMALINK_PREFIX}${encodeURIComponent(id)}`;
}

/** The PNG of a drawing on our server (the address POST /api/drawings answers with). */
export function drawingImagePath(id: string): string {
  return `/api/drawings/${encodeURIComponent(id)}.png`;
}

/** A drawing's making: its encoded log (MAKING_TYPE), for its timelapse; 404 when it has none. */
export function drawingMakingPath(id: string): string {
  return `/api/drawings/${encodeURIComponent(id)}/making`;
}

/** A drawing's link card image (1200 x 630 PNG, the drawing whole on the community's colours), for og:image. */
export function drawingCardPath(id: string): string {
  return `/api/drawings/${encodeURIComponent(id)}/card.png`;
}

/** Joins a base URL ("https://fanvas.example" or with a path, no trailing slash needed) and an absolute path. */
export function absoluteUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, "")}${path}`;
}
