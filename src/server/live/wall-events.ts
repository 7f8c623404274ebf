import type { GalleryItem } from "../../common/api.ts";
import type { ReactionChange } from "../../common/reactions.ts";
import type { DrawingEvent } from "../db/event-bus.ts";
import { galleryItem } from "../wall/wall-item.ts";

/**
 * What the wall's visitors hear: a drawing arrived on the wall, one left it, counts changed, a drawing's name
 * changed or a name was blocked, or the prompts changed.
 */
export type WallEvent =
  | { readonly type: "added"; readonly item: GalleryItem }
  | { readonly type: "removed"; readonly id: string }
  | { readonly type: "reactions"; readonly changes: readonly ReactionChange[] }
  | { readonly type: "credit"; readonly id: string; readonly name: string | null }
  | { readonly type: "name-blocked"; readonly key: string }
  | { readonly type: "prompts" };

/** The wall's view of a drawing event; undefined when the public sees no change (pending save, new bytes). */
export function wallEventOf(event: DrawingEvent): WallEvent | undefined {
  switch (event.type) {
    case "added":
      return event.visible ? { type: "added", item: galleryItem(event.drawing) } : undefined;
    case "shown":
      return { type: "added", item: galleryItem(event.drawing) };
    case "removed":
      return { type: "removed", id: event.id };
    case "reactions":
      return { type: "reactions", changes: event.changes };
    case "credit":
      return { type: "credit", id: event.id, name: event.credit };
    case "name-blocked":
      return { type: "name-blocked", key: event.key };
    case "prompts":
      return { type: "prompts" };
    case "changed":
      return undefined;
  }
}
