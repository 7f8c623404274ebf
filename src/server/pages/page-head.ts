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
  const tags: [string, string, string][] = [
    ["name", "description", description],
    ["property", "og:type", "website"],
    ["property", "og:site_name", branding.title],
    ["property", "og:title", branding.title],
    ["property", "og:description", description],
    ["property", "og:url", `${ORIGIN_TOKEN}/`],
    ["property", "og:image", image],
    ["property", "og:image:alt", `The ${branding.title} mascot`],
    ["name", "twitter:card", "summary"],
    ["name", "twitter:title", branding.title],
    ["name", "twitter:description", description],
    ["name", "twitter:image", image],
  ];
  return metaTagsHtml(tags, "");
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
