import type { GalleryItem } from "../../common/api.ts";
import { lazyChunk } from "../lazy/lazy-chunk.ts";
import { Icon } from "../page/Icon.tsx";

// The timelapse (player, painters, video) is a chunk of its own, fetched when a visitor asks to watch one.
const dialogChunk = lazyChunk(() => import("../timelapse/timelapse-dialog.ts"));

/** Props: the card's drawing and its name for screen readers. */
export interface TimelapseButtonProps {
  readonly item: GalleryItem;
  readonly name: string;
}

/**
 * A card's Timelapse: a play button at the end of the card's date line (the last row has no room for a third
 * control at its narrowest, and nothing sits on the picture), opening the drawing's timelapse in a dialog over the wall; only for a drawing that
 * has one.
 */
export function TimelapseButton({ item, name }: TimelapseButtonProps) {
  return (
    <button
      type="button"
      className="wall__timelapse"
      title="Watch it being made"
      onClick={() =>
        void dialogChunk
          .load()
          .then((module) => module.openTimelapseDialog(item, name))
          .catch((error: unknown) => console.warn("Fanvas: the timelapse could not be loaded.", error))
      }
    >
      <Icon name="play" />
      <span className="visually-hidden">Timelapse of {name}</span>
    </button>
  );
}
