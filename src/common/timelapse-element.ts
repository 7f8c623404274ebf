/**
 * What a server page (a drawing's permalink, a moderator's view) and the timelapse script (src/client/permalink)
 * agree on: the element that offers a drawing's timelapse and the data-* attributes it carries. No DOM, no Node.
 */

/** The element's attribute; its data-* attributes are TimelapseElementData's. */
export const TIMELAPSE_ATTRIBUTE = "data-timelapse";
export const TIMELAPSE_SELECTOR = `[${TIMELAPSE_ATTRIBUTE}]`;

/** The element's data, each field a data-* attribute of the same name in kebab case. */
export interface TimelapseElementData {
  /** data-making: the drawing's log. */
  readonly making: string;
  /** data-picture: the stored PNG the replay must end on. */
  readonly picture: string;
  /** data-mascot: the branding's mascot (a log that starts from it). */
  readonly mascot: string;
  /** data-stickers: the branding's stickers' image addresses, as JSON. */
  readonly stickers: string;
  /** data-drawings: where a remix's source PNG is, with {id} for its id. */
  readonly drawings: string;
  /** data-prefix: the branding's downloadPrefix (the video's name). */
  readonly prefix: string;
  /** data-title: the title in the video's corner; empty for none. */
  readonly title: string;
  /** data-post: the post's text handed to the share sheet with the video; empty for none. */
  readonly post: string;
  /** data-moderator: "true" on a moderator's view, which plays a timelapse that does not match its picture too. */
  readonly moderator: string;
}

/** The attributes of the element, escaped by `escapeText` (the caller's HTML escaping). */
export function timelapseAttributes(
  data: TimelapseElementData,
  escapeText: (text: string) => string,
): string {
  return Object.entries(data)
    .map(([name, value]) => ` data-${name}="${escapeText(value)}"`)
    .join("");
}
