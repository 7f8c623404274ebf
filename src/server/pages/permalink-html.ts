/** The HTML of a drawing's permalink page and of its "not found" page: no script, every value escaped. */
import { CANVAS_SIZE } from "../../common/constants.ts";
import { type BrandingTheme, themeStyleRule, withDefaults } from "../../common/theme.ts";
import { escapeHtml } from "./index-html.ts";
import { metaTagsHtml, socialCardTags } from "./page-head.ts";
import {
  formatDay,
  PERMALINK_SCRIPT_PATH,
  type PermalinkSocial,
  reactionsHtml,
  remixesHtml,
  remixLinkHtml,
  remixOfHtml,
} from "./permalink-social-html.ts";

/** Where the permalink page's stylesheet is served (a file, since the CSP refuses inline styles). */
export const PERMALINK_STYLESHEET_PATH = "/d/permalink.css";

/** What the permalink page shows and tells link previews. */
export interface PermalinkPageData {
  /** The community's title (branding). */
  readonly title: string;
  readonly faviconImage: string;
  /** Path of the PNG on this server, for the page's own img. */
  readonly imagePath: string;
  /** Absolute URL of the PNG, for og:image and twitter:image (crawlers need the scheme and host). */
  readonly imageUrl: string;
  /** Absolute URL of this page, for og:url and the canonical link. */
  readonly pageUrl: string;
  /** ISO 8601 time the drawing was stored. */
  readonly createdAt: string;
  /** The branding's colours (the defaults when left out). */
  readonly theme?: BrandingTheme | undefined;
  /** Its reactions and remixes. */
  readonly social: PermalinkSocial;
}

/** The permalink page: the drawing, the community title, a way back to the drawing tool, and social card meta. */
export function permalinkPageHtml(data: PermalinkPageData): string {
  const title = escapeHtml(data.title);
  const description = `A drawing by a fan of ${data.title}. Draw your own!`;
  const alt = `A drawing shared on ${data.title}`;
  const metaTags = metaTagsHtml(
    socialCardTags({
      type: "article",
      title: data.title,
      description,
      url: data.pageUrl,
      image: data.imageUrl,
      imageAlt: alt,
      card: "summary_large_image",
      imageSize: { type: "image/png", width: CANVAS_SIZE, height: CANVAS_SIZE },
    }),
    "\n    ",
  );
  const { social } = data;
  const body = `    <main class="permalink">
      <h1 class="permalink__title">${title}</h1>
${remixOfHtml(social)}
      <img class="permalink__image" src="${escapeHtml(data.imagePath)}" width="${CANVAS_SIZE}" height="${CANVAS_SIZE}" alt="${escapeHtml(alt)}" />
      <div class="permalink__bar">
${reactionsHtml(social)}
        <p class="permalink__meta">Drawn <time datetime="${escapeHtml(data.createdAt)}">${escapeHtml(formatDay(data.createdAt))}</time></p>
      </div>
      <p class="permalink__actions"><a class="permalink__cta" href="/">Draw your own</a>${remixLinkHtml(social)}</p>
${remixesHtml(social)}
    </main>
    <script type="module" src="${PERMALINK_SCRIPT_PATH}"></script>`;
  return documentHtml({
    title: `${title} — a fan drawing`,
    head: `    <link rel="canonical" href="${escapeHtml(data.pageUrl)}" />
    ${metaTags}`,
    faviconImage: data.faviconImage,
    theme: data.theme,
    body,
  });
}

/** What a page that only says something needs of the branding. */
export interface NoticeBranding {
  readonly title: string;
  readonly faviconImage: string;
  readonly theme?: BrandingTheme | undefined;
}

/** The page for an id that is unknown, or for a drawing the public may not see (indistinguishable on purpose). */
export function permalinkNotFoundHtml(branding: NoticeBranding): string {
  const text = `This drawing does not exist or is no longer shown on ${escapeHtml(branding.title)}.`;
  return noticePageHtml(branding, "Drawing not found", text);
}

/** The page for a permalink the server failed to answer (its store is down): try again later. */
export function permalinkFailureHtml(branding: NoticeBranding): string {
  const text = "This drawing could not be shown just now; try again in a moment.";
  return noticePageHtml(branding, "Something went wrong", text);
}

/** A page that only says something (`text` is HTML already escaped), kept out of search results. */
export function noticePageHtml(branding: NoticeBranding, heading: string, text: string): string {
  return documentHtml({
    title: `${heading} — ${escapeHtml(branding.title)}`,
    head: `    <meta name="robots" content="noindex" />`,
    faviconImage: branding.faviconImage,
    theme: branding.theme,
    body: `    <main class="permalink">
      <h1 class="permalink__title">${heading}</h1>
      <p>${text}</p>
      <p><a class="permalink__cta" href="/">Draw your own</a></p>
    </main>`,
  });
}

/** The page's frame: the stylesheet (a file: the CSP refuses inline styles) and the theme's one allowed rule. */
function documentHtml(parts: {
  title: string;
  head: string;
  faviconImage: string;
  theme: BrandingTheme | undefined;
  body: string;
}): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${parts.title}</title>
    <link rel="icon" href="${escapeHtml(parts.faviconImage)}" />
    <link rel="stylesheet" href="${PERMALINK_STYLESHEET_PATH}" />
    <style>${themeStyleRule(withDefaults(parts.theme))}</style>
${parts.head}
  </head>
  <body>
${parts.body}
  </body>
</html>
`;
}
