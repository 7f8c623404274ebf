import { galleryItem } from "../drawings/wall-item.ts";
import type { DrawingEvents } from "../live/drawing-events.ts";
import type { ModerationEvents } from "./events.ts";

/** Moderation's announcements as the wall's events: an approved drawing arrives as a gallery item. */
export function moderationEventsFor(events: DrawingEvents): ModerationEvents {
  return {
    added: (id, createdAt) => events.publishAdded(galleryItem(id, createdAt)),
    removed: (id) => events.publishRemoved(id),
  };
}
