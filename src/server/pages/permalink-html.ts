/** The HTML of a drawing's permalink page and of its "not found" page: no inline script, every value escaped. */
import { CANVAS_SIZE } from "../../common/constants.ts";
import { cardDay } from "../../common/drawing-date.ts";
import { type BrandingTheme, themeStyleRule, withDefaults } from "../../common/theme.ts";
import { type DrawingClaimsShown, drawingClaimsHtml } from "../credit/permalink-credit-html.ts";
import { CARD_HEIGHT, CARD_WIDTH } from "../png/card.ts";
import { escapeHtml } from "./index-html.ts";
import { metaTagsHtml, socialCardTags } from "./page-head.ts";
import { type PermalinkShare, shareActionsHtml } from "./permalink-share-html.ts";
import {
  formatDay,
  PERMALINK_SCRIPT_PATH,
  type PermalinkSocial,
  reactionsHtml,
  remixesHtml,
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
  /** Absolute URL of the link card image (1200 x 630), for og:image and twitter:image (crawlers need the host). */
  readonly cardUrl: string;
  /** Absolute URL of this page, for og:url and the canonical link. */
  readonly pageUrl: string;
  /** ISO 8601 time the drawing was stored. */
  readonly createdAt: string;
  /** The branding's colours (the defaults when left out). */
  readonly theme?: BrandingTheme | undefined;
  /** Its reactions and remixes. */
  readonly social: PermalinkSocial;
  /** What its share actions need. */
  readonly share: PermalinkShare;
  /** The built share script's path; undefined without a build (the links still work). */
  readonly shareScript?: string | undefined;
  /** Its name, the prompt it was entered in and its place. */
  readonly claims: DrawingClaimsShown;
  /** The drawing's timelapse element (permalink-timelapse-html.ts), when it has a making; else empty. */
  readonly timelapse?: string;
}

/**
 * "A drawing on Draw Fred, 27 Nov", or "A drawing by @fred on Draw Fred, 27 Nov" when it is signed: what a link
 * card and the browser's tab call the drawing.
 */
export function drawingTitle(
  communityTitle: string,
  createdAt: string,
  now: Date = new Date(),
  credit: string | null = null,
): string {
  const day = cardDay(new Date(createdAt), now);
  const by = credit === null ? "" : ` by ${credit}`;
  return day === "" ? `A drawing${by} on ${communityTitle}` : `A drawing${by} on ${communityTitle}, ${day}`;
}

/**
 * The permalink page: the community's title and "Draw your own" first, the drawing with its share actions beside
 * it (below it on a phone), its reactions and remixes, and the link card meta that names the drawing.
 */
export function permalinkPageHtml(data: PermalinkPageData): string {
  const { claims } = data;
  const name = drawingTitle(data.title, data.createdAt, new Date(), claims.credit);
  const artist = claims.credit === null ? "a fan" : `${claims.credit}, a fan`;
  const entry = claims.prompt === undefined ? "" : ` for "${claims.prompt.title}"`;
  const description = `A drawing${entry} by ${artist} of ${data.title}. Draw your own!`;
  const alt = `A drawing shared on ${data.title}`;
  const metaTags = metaTagsHtml(
    socialCardTags({
      type: "article",
      siteName: data.title,
      title: name,
      description,
      url: data.pageUrl,
      image: data.cardUrl,
      imageAlt: alt,
      card: "summary_large_image",
      imageSize: { type: "image/png", width: CARD_WIDTH, height: CARD_HEIGHT },
    }),
    "\n    ",
  );
  const { social } = data;
  const scripts = [PERMALINK_SCRIPT_PATH, data.shareScript]
    .filter((path) => path !== undefined)
    .map((path) => `    <script type="module" src="${escapeHtml(path)}"></script>`)
    .join("\n");
  const body = `    <main class="permalink permalink--drawing">
      <header class="permalink__head">
        <h1 class="permalink__title">${escapeHtml(data.title)}</h1>
        <a class="permalink__cta" href="/">Draw your own</a>
      </header>
${remixOfHtml(social)}
      <div class="permalink__body">
        <img class="permalink__image" src="${escapeHtml(data.imagePath)}" width="${CANVAS_SIZE}" height="${CANVAS_SIZE}" alt="${escapeHtml(alt)}" />
        <div class="permalink__side">
${drawingClaimsHtml(claims)}
${data.timelapse ?? ""}
${shareActionsHtml(data.share)}
          <div class="permalink__bar">
${reactionsHtml(social)}
            <p class="permalink__meta">Drawn <time datetime="${escapeHtml(data.createdAt)}">${escapeHtml(formatDay(data.createdAt))}</time></p>
          </div>
        </div>
      </div>
${remixesHtml(social)}
    </main>
${scripts}`;
  return documentHtml({
    title: escapeHtml(name),
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

/** A server page's frame: the stylesheet (a file: the CSP refuses inline styles) and the theme's one allowed rule. */
export function documentHtml(parts: {
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
