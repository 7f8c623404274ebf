import type { GalleryItem } from "../../common/api.ts";
import { galleryItem } from "../drawings/wall-item.ts";
import type { DrawingEvent } from "./event-bus.ts";

/** What the wall's visitors hear: a drawing arrived on the wall, or one left it. */
export type WallEvent =
  | { readonly type: "added"; readonly item: GalleryItem }
  | { readonly type: "removed"; readonly id: string };

/** The wall's view of a drawing event; undefined when the public sees no change (pending save, new bytes). */
export function wallEventOf(event: DrawingEvent): WallEvent | undefined {
  switch (event.type) {
    case "added":
      return event.visible
        ? { type: "added", item: galleryItem(event.drawing.id, event.drawing.createdAt) }
        : undefined;
    case "shown":
      return { type: "added", item: galleryItem(event.drawing.id, event.drawing.createdAt) };
    case "removed":
      return { type: "removed", id: event.id };
    case "changed":
      return undefined;
  }
}
