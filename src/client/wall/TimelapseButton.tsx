import type { GalleryItem } from "../../common/api.ts";
import { lazyChunk } from "../lazy/lazy-chunk.ts";

// The timelapse (player, painters, video) is a chunk of its own, fetched when a visitor asks to watch one.
const dialogChunk = lazyChunk(() => import("../timelapse/timelapse-dialog.ts"));

/** Props: the card's drawing and its name for screen readers. */
export interface TimelapseButtonProps {
  readonly item: GalleryItem;
  readonly name: string;
}

/** A card's Timelapse: opens the drawing's timelapse in a dialog over the wall (only for a drawing that has one). */
export function TimelapseButton({ item, name }: TimelapseButtonProps) {
  return (
    <button
      type="button"
      className="pill-link wall__timelapse"
      onClick={() =>
        void dialogChunk
          .load()
          .then((module) => module.openTimelapseDialog(item, name))
          .catch((error: unknown) => console.warn("Fanvas: the timelapse could not be loaded.", error))
      }
    >
      Timelapse<span className="visually-hidden"> of {name}</span>
    </button>
  );
}
