import { memo } from "react";
import type { GalleryItem } from "../../common/api.ts";
import { formatDrawingDate } from "../../common/drawing-date.ts";
import type { ReactionKind } from "../../common/reactions.ts";
import { relativeTime } from "../../common/relative-time.ts";
import { remixPath } from "../../common/remix.ts";
import { Icon } from "../page/Icon.tsx";
import "../page/pill.css";
import { ReportControl } from "../moderation/ReportControl.tsx";
import { ReactionBar } from "../reactions/ReactionBar.tsx";
import { CardCredit, CardPlace } from "./CardCredit.tsx";
import { TimelapseButton } from "./TimelapseButton.tsx";

/** Thumbnails are at most 300 x 300; the size is given so the grid never jumps while they load. */
const THUMBNAIL_SIZE = 300;

/** Props of one card: the drawing, whether this visitor reported it or made it, and the wall's "now". */
export interface WallCardProps {
  readonly item: GalleryItem;
  readonly reported: boolean;
  /** This browser stored it: the card is marked so the visitor finds their new drawing. */
  readonly mine: boolean;
  /** 1, 2 or 3 among its ended prompt's top three; null otherwise. */
  readonly place: number | null;
  /** The time ages are counted to; the wall ticks it so ages stay true while the page is open. */
  readonly now: Date;
  readonly onReported: (id: string) => void;
  /** Gives or takes back this visitor's reaction. */
  readonly onReact: (item: GalleryItem, kind: ReactionKind) => void;
}

/**
 * One drawing on the wall: its thumbnail linking to its permalink, then (never over the picture, where a meme
 * keeps its top text) its age and the "Yours" mark, its reactions, Remix (the drawing page starting from this
 * drawing) and a quiet menu to report it. Links and buttons name the drawing by its date, so a list of a wall's
 * links tells them apart. Memoised: a reactions event changes one card's item, and the others (same props, the
 * wall's callbacks being stable) are not rendered again.
 */
export const WallCard = memo(function WallCard({
  item,
  reported,
  mine,
  place,
  now,
  onReported,
  onReact,
}: WallCardProps) {
  if (reported) {
    return (
      <li className="wall__item wall__item--reported">
        <p>Reported — thank you. It is hidden for you.</p>
      </li>
    );
  }
  const when = new Date(item.createdAt);
  const date = formatDrawingDate(when);
  const name = date === "" ? "a fan drawing" : `the fan drawing from ${date}`;
  return (
    <li className={`wall__item${mine ? " wall__item--mine" : ""}`} data-mine={mine ? "true" : undefined}>
      <a className="wall__link" href={item.permalink}>
        <img
          className="wall__thumb"
          src={item.thumbnailUrl}
          width={THUMBNAIL_SIZE}
          height={THUMBNAIL_SIZE}
          loading="lazy"
          decoding="async"
          alt={mine ? `Your drawing, ${name}` : `${name.charAt(0).toUpperCase()}${name.slice(1)}`}
        />
      </a>
      <div className="wall__caption">
        {mine ? <span className="tag wall__badge">Yours</span> : null}
        <CardPlace place={place} />
        {date === "" ? null : (
          <time className="wall__age" dateTime={item.createdAt} title={date}>
            {relativeTime(when, now)}
          </time>
        )}
        {item.making ? <TimelapseButton item={item} name={name} /> : null}
      </div>
      <CardCredit name={item.name} />
      <ReactionBar item={item} onToggle={onReact} />
      <div className="wall__meta">
        <a className="pill-link wall__remix" href={remixPath(item.id)}>
          <Icon name="remix" />
          Remix<span className="visually-hidden"> {name}</span>
        </a>
        <ReportControl id={item.id} drawingName={name} onReported={() => onReported(item.id)} />
      </div>
    </li>
  );
});
