/**
 * What the drawing page tells search engines and link previews, built from the branding: a description, and
 * Open Graph / Twitter card tags with an absolute image (the mascot), so posting the page's own address shows
 * a card. Absolute URLs need the public origin: PUBLIC_BASE_URL, or per request the address it came to.
 */
import type { BrandingConfig } from "../../common/config.ts";
import { absoluteUrl } from "../../common/permalink.ts";
import { escapeHtml } from "./index-html.ts";

/** Stands for the public origin in the page until a request (or PUBLIC_BASE_URL) says what it is. */
export const ORIGIN_TOKEN = "__FANVAS_ORIGIN__";

/** The one-sentence description of the page, from its title. */
export function pageDescription(branding: BrandingConfig): string {
  return `${branding.title}: draw over the mascot, save your picture and share it on the community wall.`;
}

/** The head tags; absolute URLs start with ORIGIN_TOKEN, which `withOrigin` replaces. */
export function pageHeadTags(branding: BrandingConfig): string {
  const description = pageDescription(branding);
  const image = /^https?:\/\//.test(branding.mascotImage)
    ? branding.mascotImage
    : absoluteUrl(ORIGIN_TOKEN, branding.mascotImage);
  const tags = socialCardTags({
    type: "website",
    title: branding.title,
    description,
    url: `${ORIGIN_TOKEN}/`,
    image,
    imageAlt: `The ${branding.title} mascot`,
    card: "summary",
  });
  return metaTagsHtml(tags, "");
}

/** What a page's link card says (Open Graph and Twitter); `imageSize` for an image whose size is known. */
export interface SocialCard {
  readonly type: "website" | "article";
  /** og:site_name: the community's title; the page's own title when left out. */
  readonly siteName?: string;
  readonly title: string;
  readonly description: string;
  readonly url: string;
  readonly image: string;
  readonly imageAlt: string;
  readonly card: "summary" | "summary_large_image";
  readonly imageSize?: { readonly type: string; readonly width: number; readonly height: number };
}

/** The description and link card meta tags of a page, as [attribute, key, value] for metaTagsHtml. */
export function socialCardTags(card: SocialCard): [string, string, string][] {
  const size = card.imageSize;
  return [
    ["name", "description", card.description],
    ["property", "og:type", card.type],
    ["property", "og:site_name", card.siteName ?? card.title],
    ["property", "og:title", card.title],
    ["property", "og:description", card.description],
    ["property", "og:url", card.url],
    ["property", "og:image", card.image],
    ...(size === undefined
      ? []
      : ([
          ["property", "og:image:type", size.type],
          ["property", "og:image:width", String(size.width)],
          ["property", "og:image:height", String(size.height)],
        ] as [string, string, string][])),
    ["property", "og:image:alt", card.imageAlt],
    ["name", "twitter:card", card.card],
    ["name", "twitter:title", card.title],
    ["name", "twitter:description", card.description],
    ["name", "twitter:image", card.image],
  ];
}

/** A meta tag per [attribute, key, value] (`name` or `property`, its key, the unescaped value), joined by `between`. */
export function metaTagsHtml(tags: readonly (readonly [string, string, string])[], between: string): string {
  return tags
    .map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`)
    .join(between);
}

/** The page with its absolute URLs on `origin` (scheme://host[:port][/path], no trailing slash). */
export function withOrigin(html: string, origin: string): string {
  return html.replaceAll(ORIGIN_TOKEN, escapeHtml(origin.replace(/\/+$/, "")));
}
