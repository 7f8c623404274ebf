/**
 * What a post about a drawing says: the branding's shareText with the drawing's link where `{url}` stands in it
 * (after it when it has none), then the community's hashtags and cashtags. No DOM, no Node: the drawing page's
 * sheet and the server's permalink page build the same post.
 */

/** Where the drawing's link goes in `shareText`. */
export const URL_PLACEHOLDER = "{url}";

/** The branding fields a post is made from. */
export interface SharePost {
  readonly shareText?: string | undefined;
  /** Space-separated `#tags` and `$CASHTAGS`, put at the end of the post. */
  readonly hashtags?: string | undefined;
}

/** The post's text for the drawing at `url`, spaces between its parts, none doubled or trailing. */
export function sharePostText(post: SharePost, url: string): string {
  const text = post.shareText ?? "";
  const withLink = text.includes(URL_PLACEHOLDER) ? text.replaceAll(URL_PLACEHOLDER, url) : `${text} ${url}`;
  return `${withLink} ${post.hashtags ?? ""}`.replace(/[ \t]+/g, " ").trim();
}

/** X's web intent: opens a post with this text (X shows the card of the link in it from our og/twitter meta). */
export function xIntentUrl(text: string): string {
  return `https://x.com/intent/tweet?${new URLSearchParams({ text })}`;
}

/** A saved or shared picture's file name: `{prefix}-{milliseconds since the epoch}.png`. */
export function downloadFileName(prefix: string, now: number = Date.now()): string {
  return `${prefix}-${now}.png`;
}
