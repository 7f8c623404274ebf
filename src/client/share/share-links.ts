/** The addresses a shared drawing travels under. */
import { absoluteUrl, permalinkPath } from "../../common/permalink.ts";

/** The drawing's permalink as a full URL on the public base (PUBLIC_BASE_URL, else this page's origin). */
export function absolutePermalink(id: string, publicBase: string): string {
  return absoluteUrl(publicBase, permalinkPath(id));
}

/** X's web intent: opens a post with the text and the link (X adds the link's card from our og/twitter meta). */
export function xIntentUrl(text: string, url: string): string {
  const query = new URLSearchParams({ text, url });
  return `https://x.com/intent/tweet?${query}`;
}
