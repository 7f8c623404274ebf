/** The parts of a drawing's permalink page: plain HTML that shows everything without script. */
import type { GalleryItem } from "../../common/api.ts";
import { type Credit, creditKey, namePagePath, storedCredit, xProfileUrl } from "../../common/credit.ts";
import { formatDrawingDate, SERVER_DATE_LOCALE } from "../../common/drawing-date.ts";
import { permalinkPath } from "../../common/permalink.ts";
import { REACTION_KINDS, REACTION_NAMES } from "../../common/reactions.ts";
import type { DrawingClaimsShown, PermalinkSocial } from "../../common/server-pages.ts";

/** The icons' sprite the page's build puts beside index.html. */
const SPRITE = "/icons.svg";
const PLACES = ["1st", "2nd", "3rd"];

/** An icon of the page's sprite, decorative (the control it sits in carries the name). */
export function SpriteIcon({ name, className }: { readonly name: string; readonly className: string }) {
  return (
    <svg className={className} aria-hidden="true" focusable="false">
      <use href={`${SPRITE}#${name}`} />
    </svg>
  );
}

/**
 * "21 Nov 2026, 16:04" in UTC, so the page reads the same wherever it is rendered; the page's script puts each
 * `time` in the visitor's own locale and zone, in the same format as the wall (src/common/drawing-date.ts).
 */
export function formatDay(iso: string): string {
  return formatDrawingDate(new Date(iso), SERVER_DATE_LOCALE.locale, SERVER_DATE_LOCALE.timeZone) || iso;
}

/** A drawing's thumbnail (square, `size` pixels, loaded when near) linking to its own page. */
export function ThumbnailLink({
  item,
  size,
  alt,
}: {
  readonly item: GalleryItem;
  readonly size: number;
  readonly alt: string;
}) {
  return (
    <a href={item.permalink}>
      <img src={item.thumbnailUrl} width={size} height={size} loading="lazy" alt={alt} />
    </a>
  );
}

/**
 * The counts as buttons the script brings to life (pressed for this visitor's own reactions); without script
 * they stay disabled and read as counts. Each says its name and count.
 */
export function PermalinkReactions({ social }: { readonly social: PermalinkSocial }) {
  return (
    <>
      {/* biome-ignore lint/a11y/useSemanticElements: a group of buttons, not a form's fields; the page's stylesheet and script know this div. */}
      <div
        className="reactions"
        role="group"
        aria-label="Reactions"
        data-drawing={social.id}
        data-version={social.reactionsVersion}
      >
        {REACTION_KINDS.map((kind) => (
          <button
            key={kind}
            type="button"
            className="reaction"
            data-kind={kind}
            aria-pressed="false"
            disabled
          >
            <SpriteIcon name={`reaction-${kind}`} className="reaction__icon" />
            <span className="reaction__count">{social.reactions[kind]}</span>
            <span className="visually-hidden"> {REACTION_NAMES[kind]}</span>
          </button>
        ))}
      </div>
      <p className="reactions__notice" aria-live="polite" />
    </>
  );
}

/** "Remix of" a link to the original, while it is on the wall. */
export function RemixOf({ social }: { readonly social: PermalinkSocial }) {
  if (social.remixOf === null) return null;
  return (
    <p className="permalink__remix-of">
      Remix of <a href={permalinkPath(social.remixOf)}>this drawing</a>
    </p>
  );
}

/** The remixes made of this drawing (the newest, linked to their pages). */
export function Remixes({ social }: { readonly social: PermalinkSocial }) {
  const count = social.remixCount;
  if (count === 0) return null;
  const more = count > social.remixes.length ? ` (the newest ${social.remixes.length})` : "";
  return (
    <section className="permalink__remixes" aria-labelledby="remixes-heading">
      <h2 id="remixes-heading">{`${count} ${count === 1 ? "remix" : "remixes"}${more}`}</h2>
      <ul>
        {social.remixes.map((item) => (
          <li key={item.id}>
            <ThumbnailLink item={item} size={120} alt={`A remix from ${formatDay(item.createdAt)}`} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The address of a prompt's tab on the wall (the wall opens the view its fragment names). */
export function promptTabPath(id: string): string {
  return `/#prompt=${encodeURIComponent(id)}`;
}

/**
 * "by @fred" (the name linking to its page of drawings, and a handle to its X profile: "on X"), and
 * "1st in Fred at the beach" or "Entered in Fred at the beach" with a link to the prompt's tab. The credit's
 * element carries its key, so the page's script hides it when a moderator removes or blocks the name live.
 */
export function DrawingClaims({ claims }: { readonly claims: DrawingClaimsShown }) {
  const credit = storedCredit(claims.credit);
  return (
    <>
      {credit === undefined ? null : <CreditLine credit={credit} />}
      <EntryLine claims={claims} />
    </>
  );
}

function CreditLine({ credit }: { readonly credit: Credit }) {
  return (
    <p className="permalink__credit" data-credit-key={creditKey(credit.name)}>
      by <a href={namePagePath(credit.name)}>{credit.name}</a>
      {credit.handle === undefined ? null : (
        <>
          {" · "}
          <a href={xProfileUrl(credit.handle)} rel="noopener noreferrer nofollow ugc" target="_blank">
            on X<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </>
      )}
    </p>
  );
}

function EntryLine({ claims: { prompt, place } }: { readonly claims: DrawingClaimsShown }) {
  if (prompt === undefined) return null;
  const link = <a href={promptTabPath(prompt.id)}>{prompt.title}</a>;
  const placed = place === null ? "" : (PLACES[place - 1] ?? "");
  return placed === "" ? (
    <p className="permalink__entry">Entered in {link}</p>
  ) : (
    <p className="permalink__entry">
      <span className="permalink__place">{placed}</span> in {link}
    </p>
  );
}
