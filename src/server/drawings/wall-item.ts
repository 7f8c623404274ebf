import type { GalleryItem } from "../../common/api.ts";
import { drawingImagePath, permalinkPath } from "../../common/permalink.ts";

/** The wall's view of a visible drawing; the same shape in pages and in live events. */
export function galleryItem(id: string, createdAt: string): GalleryItem {
  return {
    id,
    url: drawingImagePath(id),
    thumbnailUrl: `/api/drawings/${encodeURIComponent(id)}.webp`,
    permalink: permalinkPath(id),
    createdAt,
  };
}
