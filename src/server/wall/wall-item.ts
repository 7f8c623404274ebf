import type { GalleryItem } from "../../common/api.ts";
import { drawingImagePath, permalinkPath } from "../../common/permalink.ts";
import { NO_REACTIONS } from "../../common/reactions.ts";
import type { DrawingRef } from "../db/event-bus.ts";

/** The wall's view of a visible drawing; the same shape in pages and in live events. */
export function galleryItem(drawing: DrawingRef): GalleryItem {
  const { id } = drawing;
  return {
    id,
    url: drawingImagePath(id),
    thumbnailUrl: `/api/drawings/${encodeURIComponent(id)}.webp`,
    permalink: permalinkPath(id),
    createdAt: drawing.createdAt,
    reactions: drawing.reactions ?? NO_REACTIONS,
    reactionsVersion: drawing.reactionsVersion ?? 0,
    remixOf: drawing.remixOf ?? null,
    name: drawing.credit ?? null,
    prompt: drawing.promptId ?? null,
    place: drawing.promptPlace ?? null,
    making: drawing.making === true,
  };
}
