/** The permalink page's reactions and remix links: plain HTML that shows everything without script. */
import type { GalleryItem } from "../../common/api.ts";
import { formatDrawingDate, SERVER_DATE_LOCALE } from "../../common/drawing-date.ts";
import { permalinkPath } from "../../common/permalink.ts";
import { REACTION_KINDS, REACTION_NAMES, type ReactionCounts } from "../../common/reactions.ts";
import { escapeHtml } from "./index-html.ts";

/** Where the permalink page's script is served (a file: the CSP refuses inline script). */
export const PERMALINK_SCRIPT_PATH = "/d/permalink.js";
/** The icons' sprite the page's build puts beside index.html. */
const SPRITE = "/icons.svg";

/** What the page shows of a drawing's life on the wall. */
export interface PermalinkSocial {
  readonly id: string;
  readonly reactions: ReactionCounts;
  readonly reactionsVersion: number;
  /** The drawing it remixes, while that one is on the wall. */
  readonly remixOf: string | null;
  /** Its remixes on the wall, newest first, and how many there are in all. */
  readonly remixes: readonly GalleryItem[];
  readonly remixCount: number;
}

/**
 * The counts as buttons the script brings to life (pressed for this visitor's own reactions); without script
 * they stay disabled and read as counts. Each says its name and count.
 */
export function reactionsHtml(social: PermalinkSocial): string {
  const buttons = REACTION_KINDS.map((kind) => {
    const count = social.reactions[kind];
    const name = REACTION_NAMES[kind];
    return `        <button type="button" class="reaction" data-kind="${kind}" aria-pressed="false" disabled>
          <svg class="reaction__icon" aria-hidden="true" focusable="false"><use href="${SPRITE}#reaction-${kind}"></use></svg>
          <span class="reaction__count">${count}</span><span class="visually-hidden"> ${escapeHtml(name)}</span>
        </button>`;
  }).join("\n");
  return `      <div class="reactions" role="group" aria-label="Reactions" data-drawing="${escapeHtml(social.id)}" data-version="${social.reactionsVersion}">
${buttons}
      </div>
      <p class="reactions__notice" aria-live="polite"></p>`;
}

/** "Remix of" a link to the original, while it is on the wall; empty otherwise. */
export function remixOfHtml(social: PermalinkSocial): string {
  if (social.remixOf === null) return "";
  return `      <p class="permalink__remix-of">Remix of <a href="${escapeHtml(permalinkPath(social.remixOf))}">this drawing</a></p>`;
}

/** The remixes made of this drawing (the newest, linked to their pages); empty when there are none. */
export function remixesHtml(social: PermalinkSocial): string {
  if (social.remixCount === 0) return "";
  const shown = social.remixes
    .map(
      (item) =>
        `          <li><a href="${escapeHtml(item.permalink)}"><img src="${escapeHtml(item.thumbnailUrl)}" width="120" height="120" loading="lazy" alt="A remix from ${escapeHtml(formatDay(item.createdAt))}" /></a></li>`,
    )
    .join("\n");
  const count = social.remixCount;
  const more = count > social.remixes.length ? ` (the newest ${social.remixes.length})` : "";
  return `      <section class="permalink__remixes" aria-labelledby="remixes-heading">
        <h2 id="remixes-heading">${count} ${count === 1 ? "remix" : "remixes"}${more}</h2>
        <ul>
${shown}
        </ul>
      </section>`;
}

/**
 * "21 Nov 2026, 16:04" in UTC, so the page reads the same wherever it is rendered; the page's script puts each
 * `time` in the visitor's own locale and zone, in the same format as the wall (src/common/drawing-date.ts).
 */
export function formatDay(iso: string): string {
  return formatDrawingDate(new Date(iso), SERVER_DATE_LOCALE.locale, SERVER_DATE_LOCALE.timeZone) || iso;
}
