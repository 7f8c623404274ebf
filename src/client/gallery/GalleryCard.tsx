import type { GalleryItem } from "../../common/api.ts";
import { ReportControl } from "./ReportControl.tsx";

/** Thumbnails are at most 300 x 300; the size is given so the grid never jumps while they load. */
const THUMBNAIL_SIZE = 300;

/** One drawing on the wall: its thumbnail linking to its permalink, and a way to report it. */
export function GalleryCard({
  item,
  reported,
  onReported,
}: {
  readonly item: GalleryItem;
  readonly reported: boolean;
  readonly onReported: (id: string) => void;
}) {
  if (reported) {
    return (
      <li className="wall__item wall__item--reported">
        <p>Reported — thank you. It is hidden for you.</p>
      </li>
    );
  }
  const when = new Date(item.createdAt);
  const label = Number.isNaN(when.getTime())
    ? "A fan drawing"
    : `A fan drawing from ${when.toLocaleString()}`;
  return (
    <li className="wall__item">
      <a className="wall__link" href={item.permalink}>
        <img
          className="wall__thumb"
          src={item.thumbnailUrl}
          width={THUMBNAIL_SIZE}
          height={THUMBNAIL_SIZE}
          loading="lazy"
          decoding="async"
          alt={label}
        />
      </a>
      <ReportControl id={item.id} onReported={() => onReported(item.id)} />
    </li>
  );
}
