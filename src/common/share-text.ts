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

/** What a post says about the drawing itself: who signed it, and the prompt it was entered in. */
export interface DrawingPost {
  /** The name it was signed with ("@fred" mentions the artist on X). */
  readonly credit?: string | null | undefined;
  /** The hashtag of the prompt it was entered in ("#FredAtTheBeach"), after the community's own. */
  readonly promptHashtag?: string | null | undefined;
}

/**
 * The post's text for the drawing at `url`, spaces between its parts, none doubled or trailing: the branding's
 * text with the link, "— by <name>" for a signed drawing, then the community's tags and the prompt's.
 */
export function sharePostText(post: SharePost, url: string, drawing: DrawingPost = {}): string {
  const text = post.shareText ?? "";
  const withLink = text.includes(URL_PLACEHOLDER) ? text.replaceAll(URL_PLACEHOLDER, url) : `${text} ${url}`;
  const credit = drawing.credit ? `— by ${drawing.credit}` : "";
  const tags = [post.hashtags ?? "", drawing.promptHashtag ?? ""];
  // The prompt's tag is left out when the community's tags already carry it.
  if (
    tags[1] !== "" &&
    tags[0]
      ?.toLowerCase()
      .split(" ")
      .includes(tags[1]?.toLowerCase() ?? "")
  )
    tags.pop();
  return `${withLink} ${credit} ${tags.join(" ")}`.replace(/[ \t]+/g, " ").trim();
}

/** X's web intent: opens a post with this text (X shows the card of the link in it from our og/twitter meta). */
export function xIntentUrl(text: string): string {
  return `https://x.com/intent/tweet?${new URLSearchParams({ text })}`;
}

/** A saved or shared picture's file name: `{prefix}-{milliseconds since the epoch}.png`. */
export function downloadFileName(prefix: string, now: number = Date.now()): string {
  return `${prefix}-${now}.png`;
}
