/** The HTML of a name's page: the drawings signed with it, newest first, in pages, and what a name is. */
import type { GalleryItem } from "../../common/api.ts";
import type { Credit } from "../../common/credit.ts";
import { namePagePath, xProfileUrl } from "../../common/credit.ts";
import type { BrandingTheme } from "../../common/theme.ts";
import { escapeHtml } from "../pages/index-html.ts";
import { documentHtml } from "../pages/permalink-html.ts";
import { formatDay } from "../pages/permalink-social-html.ts";

/** What the page shows. */
export interface NamePageData {
  readonly title: string;
  readonly faviconImage: string;
  readonly theme?: BrandingTheme | undefined;
  readonly credit: Credit;
  readonly items: readonly GalleryItem[];
  /** The next (older) page's cursor; null on the last page. */
  readonly nextCursor: string | null;
  /** True on a page after the first (it links back to the newest). */
  readonly paged: boolean;
}

/** "Drawings signed @fred": a grid of their thumbnails linking to their pages, and links to older pages. */
export function namePageHtml(data: NamePageData): string {
  const { credit } = data;
  const name = escapeHtml(credit.name);
  const profile =
    credit.handle === undefined
      ? ""
      : `\n      <p><a class="name-page__profile" href="${escapeHtml(xProfileUrl(credit.handle))}" rel="noopener noreferrer nofollow ugc" target="_blank">${name} on X<span class="visually-hidden"> (opens in a new tab)</span></a></p>`;
  const cards = data.items
    .map(
      (item) =>
        `        <li><a href="${escapeHtml(item.permalink)}"><img src="${escapeHtml(item.thumbnailUrl)}" width="300" height="300" loading="lazy" alt="The drawing from ${escapeHtml(formatDay(item.createdAt))}" /></a></li>`,
    )
    .join("\n");
  const here = namePagePath(credit.name);
  const pager = [
    data.paged ? `<a href="${escapeHtml(here)}">Newest</a>` : "",
    data.nextCursor === null
      ? ""
      : `<a href="${escapeHtml(`${here}?before=${encodeURIComponent(data.nextCursor)}`)}" rel="next">Older drawings</a>`,
  ].filter((link) => link !== "");
  const nav =
    pager.length === 0
      ? ""
      : `\n      <nav class="name-page__pager" aria-label="Pages">${pager.join(" ")}</nav>`;
  return documentHtml({
    title: `Drawings signed ${name} — ${escapeHtml(data.title)}`,
    head: `    <meta name="robots" content="noindex" />`,
    faviconImage: data.faviconImage,
    theme: data.theme,
    body: `    <main class="permalink name-page">
      <header class="permalink__head">
        <p class="permalink__kicker">${escapeHtml(data.title)}</p>
        <a class="permalink__cta" href="/">Draw your own</a>
      </header>
      <h1 class="permalink__title">Drawings signed <span class="name-page__name">${name}</span></h1>${profile}
      <p class="name-page__claim">A name is a claim, not an identity: anyone can sign a drawing with any name here.</p>
      <ul class="name-page__grid">
${cards}
      </ul>${nav}
    </main>`,
  });
}
