/** The wall's list as plain data: newest first, each drawing once, whatever order pages and events arrive in. */
import type { GalleryItem } from "../../common/api.ts";

/** Adds an older page below what is shown, skipping drawings already there (an event may have brought them). */
export function appendOlder(
  items: readonly GalleryItem[],
  page: readonly GalleryItem[],
): readonly GalleryItem[] {
  const shown = new Set(items.map((item) => item.id));
  const fresh = page.filter((item) => !shown.has(item.id));
  return fresh.length === 0 ? items : [...items, ...fresh];
}

/**
 * Puts drawings announced live (or found by a resync) on top, newest first, skipping those already shown: the
 * visitor's own save comes back through the event stream, and a reconnect may repeat an event.
 */
export function prependNewer(
  items: readonly GalleryItem[],
  newer: readonly GalleryItem[],
): readonly GalleryItem[] {
  const shown = new Set(items.map((item) => item.id));
  const fresh = newer.filter(
    (item, index) => !shown.has(item.id) && newer.findIndex((other) => other.id === item.id) === index,
  );
  if (fresh.length === 0) return items;
  return [...[...fresh].sort(newestFirst), ...items];
}

/** Drops a drawing (moderation removed it, or this visitor reported it); the same list when it is not shown. */
export function withoutDrawing(items: readonly GalleryItem[], id: string): readonly GalleryItem[] {
  return items.some((item) => item.id === id) ? items.filter((item) => item.id !== id) : items;
}

function newestFirst(a: GalleryItem, b: GalleryItem): number {
  return b.createdAt.localeCompare(a.createdAt);
}
