import { memo } from "react";
import type { GalleryItem } from "../../common/api.ts";
import type { ReactionKind } from "../../common/reactions.ts";
import { relativeTime } from "../../common/relative-time.ts";
import { remixPath } from "../../common/remix.ts";
import { Icon } from "../components/Icon.tsx";
import "../components/pill.css";
import { ReactionBar } from "./ReactionBar.tsx";
import { ReportControl } from "./ReportControl.tsx";

/** Thumbnails are at most 300 x 300; the size is given so the grid never jumps while they load. */
const THUMBNAIL_SIZE = 300;

/** Props of one card: the drawing, whether this visitor reported it or made it, and the wall's "now". */
export interface GalleryCardProps {
  readonly item: GalleryItem;
  readonly reported: boolean;
  /** This tab stored it: the card is marked so the visitor finds their new drawing. */
  readonly mine: boolean;
  /** The time ages are counted to; the wall ticks it so ages stay true while the page is open. */
  readonly now: Date;
  readonly onReported: (id: string) => void;
  /** Gives or takes back this visitor's reaction. */
  readonly onReact: (item: GalleryItem, kind: ReactionKind) => void;
}

/**
 * One drawing on the wall: its thumbnail linking to its permalink, its reactions, its age, Remix (the drawing
 * page starting from this drawing) and a quiet menu to report it. Memoised: a reactions event changes one
 * card's item, and the others (same props, the wall's callbacks being stable) are not rendered again.
 */
export const GalleryCard = memo(function GalleryCard({
  item,
  reported,
  mine,
  now,
  onReported,
  onReact,
}: GalleryCardProps) {
  if (reported) {
    return (
      <li className="wall__item wall__item--reported">
        <p>Reported — thank you. It is hidden for you.</p>
      </li>
    );
  }
  const when = new Date(item.createdAt);
  const valid = !Number.isNaN(when.getTime());
  const label = valid ? `A fan drawing from ${when.toLocaleString()}` : "A fan drawing";
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
          alt={mine ? `Your drawing, ${label.charAt(0).toLowerCase()}${label.slice(1)}` : label}
        />
      </a>
      {mine ? <span className="wall__badge">Yours</span> : null}
      <a className="pill-link wall__remix" href={remixPath(item.id)}>
        <Icon name="remix" />
        Remix<span className="visually-hidden"> this drawing</span>
      </a>
      <ReactionBar item={item} onToggle={onReact} />
      <div className="wall__meta">
        {valid ? (
          <time className="wall__age" dateTime={item.createdAt} title={when.toLocaleString()}>
            {relativeTime(when, now)}
          </time>
        ) : (
          <span />
        )}
        <ReportControl id={item.id} onReported={() => onReported(item.id)} />
      </div>
    </li>
  );
});
