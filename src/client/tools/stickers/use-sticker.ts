/** The sticker being placed: which one, where, and committing it into the drawing. */
import { useRef, useState } from "react";
import type { DrawingEngine } from "../../engine/drawing-engine.ts";
import type { Point } from "../../engine/types.ts";
import { loggedStickerId, type StickerEntry } from "./catalogue.ts";
import { loadSticker } from "./load-sticker.ts";
import { aspectOf } from "./sticker-painter.ts";
import { placeSticker, type StickerPlacement, withinLogRange } from "./sticker-transform.ts";

/** A sticker on the drawing, not committed yet. */
export interface PlacedSticker {
  readonly entry: StickerEntry;
  readonly image: HTMLImageElement;
  readonly placement: StickerPlacement;
}

/** The sticker editor's state and actions. */
export interface StickerEditing {
  readonly placed: PlacedSticker | null;
  /** The sticker a tap on the drawing places (chosen in the panel); null until one is chosen. */
  readonly armed: StickerEntry | null;
  arm(entry: StickerEntry | null): void;
  /**
   * Places `entry` centred on `point`, moved in to lie whole on the drawing; one already placed is committed
   * first (stamping).
   */
  place(entry: StickerEntry, point: Point): Promise<void>;
  /** Opens `entry` as it was placed (kept from before a reload); false when its image cannot be had. */
  resume(entry: StickerEntry, placement: StickerPlacement): Promise<boolean>;
  change(placement: StickerPlacement): void;
  /** Paints the placed sticker into the drawing (one undoable action). */
  commit(): void;
  cancel(): void;
}

/** The sticker being placed over `engine`'s drawing. */
export function useSticker(
  engine: DrawingEngine | null,
  announce: (message: string) => void,
): StickerEditing {
  const [placed, setPlaced] = useState<PlacedSticker | null>(null);
  const [armed, arm] = useState<StickerEntry | null>(null);
  // Commits read the latest placement even from a handler created before the last change.
  const latest = useRef<PlacedSticker | null>(null);
  latest.current = placed;

  const commit = (): void => {
    const current = latest.current;
    latest.current = null;
    setPlaced(null);
    if (current === null || engine === null) return;
    const { x, y, size, rotation } = current.placement;
    engine.apply({ kind: "sticker", sticker: loggedStickerId(current.entry), x, y, size, rotation });
    announce(`${current.entry.name} placed`);
  };

  /** Loads `entry`'s image and opens it where `placing` puts it, placing the one open before; false on failure. */
  const open = async (
    entry: StickerEntry,
    placing: (image: HTMLImageElement) => StickerPlacement,
  ): Promise<boolean> => {
    let image: HTMLImageElement;
    try {
      image = await loadSticker(entry.src);
    } catch (error) {
      console.warn(`Fanvas: the sticker "${entry.name}" could not be loaded.`, error);
      announce(`${entry.name} could not be loaded`);
      return false;
    }
    commit();
    const next = { entry, image, placement: placing(image) };
    latest.current = next;
    setPlaced(next);
    return true;
  };

  return {
    placed,
    armed,
    arm,
    async place(entry, point) {
      await open(entry, (image) => placeSticker(point, aspectOf(image)));
    },
    resume: (entry, placement) => open(entry, () => placement),
    change(placement) {
      // The centre stays where a drawing's log can keep it: what is shown is what is placed.
      setPlaced((current) =>
        current === null ? null : { ...current, placement: withinLogRange(placement) },
      );
    },
    commit,
    cancel() {
      latest.current = null;
      setPlaced(null);
    },
  };
}
