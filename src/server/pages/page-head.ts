/**
 * What the server's pages tell search engines and link previews: a description, and Open Graph / Twitter card
 * tags with an absolute image, so posting a page's address shows a card. The tags are data; React renders them
 * (src/client/server-render.tsx). Absolute URLs need the public origin: PUBLIC_BASE_URL, or per request the
 * address it came to.
 */
import type { BrandingConfig } from "../../common/config.ts";
import { absoluteUrl } from "../../common/permalink.ts";
import type { MetaTag } from "../../common/server-pages.ts";

/** The one-sentence description of the page, from its title. */
export function pageDescription(branding: BrandingConfig): string {
  return `${branding.title}: draw over the mascot, save your picture and share it on the community wall.`;
}

/** The drawing page's tags, its absolute URLs on `origin` (scheme://host[:port][/path]). */
export function pageHeadTags(branding: BrandingConfig, origin: string): MetaTag[] {
  const base = origin.replace(/\/+$/, "");
  const image = /^https?:\/\//.test(branding.mascotImage)
    ? branding.mascotImage
    : absoluteUrl(base, branding.mascotImage);
  return socialCardTags({
    type: "website",
    title: branding.title,
    description: pageDescription(branding),
    url: `${base}/`,
    image,
    imageAlt: `The ${branding.title} mascot`,
    card: "summary",
  });
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

/** The description and link card meta tags of a page. */
export function socialCardTags(card: SocialCard): MetaTag[] {
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
        ] satisfies MetaTag[])),
    ["property", "og:image:alt", card.imageAlt],
    ["name", "twitter:card", card.card],
    ["name", "twitter:title", card.title],
    ["name", "twitter:description", card.description],
    ["name", "twitter:image", card.image],
  ];
}
