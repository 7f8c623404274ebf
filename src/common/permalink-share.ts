/**
 * What the permalink page's HTML (rendered by the server) and its script (src/client/permalink) agree on: the
 * share actions' names and the data the script reads from the page. No DOM, no Node.
 */

/** The actions only a script can do: the server renders them hidden, and the script shows the ones that work. */
export type ScriptedShareAction = "share-image" | "copy-link" | "copy-image" | "report";

/** The class of the element holding the actions and the drawing's data (data-* attributes, see PermalinkShareData). */
export const SHARE_ROOT_CLASS = "permalink__share";
/** That element, as the script finds it. */
export const SHARE_ROOT_SELECTOR = `.${SHARE_ROOT_CLASS}[data-drawing]`;

/** What the script needs to know of the drawing, from the share element's data-* attributes. */
export interface PermalinkShareData {
  /** data-drawing: the drawing's id. */
  readonly id: string;
  /** data-permalink: this page's absolute address (on PUBLIC_BASE_URL when set). */
  readonly permalink: string;
  /** data-post: the post's text, link and tags included (src/common/share-text.ts). */
  readonly postText: string;
  /** data-image: the PNG's path on this server. */
  readonly imagePath: string;
  /** data-file-name: the name the picture travels under, as a download is named. */
  readonly fileName: string;
}
