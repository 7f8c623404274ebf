/** Reading the wall from the server: one page of drawings, and the items the event stream carries. */
import { DRAWINGS_PATH, type GalleryItem, type GalleryPage } from "../../common/api.ts";

/**
 * Drawings per request: four rows of six on a desktop (the wall uses the page's width), so the first screen
 * fills without reaching the end; thumbnails load lazily, so only the rows in view cost their images.
 */
export const GALLERY_PAGE_SIZE = 24;

/** A GalleryItem when the value has every field as a string and links only to our own paths; else null. */
export function parseGalleryItem(value: unknown): GalleryItem | null {
  if (typeof value !== "object" || value === null) return null;
  const { id, url, thumbnailUrl, permalink, createdAt } = value as Record<string, unknown>;
  const strings = [id, url, thumbnailUrl, permalink, createdAt];
  if (!strings.every((field): field is string => typeof field === "string")) return null;
  // The page only ever links and loads same-origin paths; anything else from the wire is not ours.
  if (![url, thumbnailUrl, permalink].every((path) => /^\/(?!\/)/.test(path as string))) return null;
  return { id, url, thumbnailUrl, permalink, createdAt } as GalleryItem;
}

/** The page of drawings older than `before` (the newest when null). Rejects with a readable error. */
export async function fetchGalleryPage(before: string | null, signal?: AbortSignal): Promise<GalleryPage> {
  const query = new URLSearchParams({ limit: String(GALLERY_PAGE_SIZE) });
  if (before !== null) query.set("before", before);
  const response = await fetch(`${DRAWINGS_PATH}?${query}`, {
    headers: { Accept: "application/json" },
    signal,
  });
  if (!response.ok) throw new Error(`The gallery could not be loaded (HTTP ${response.status}).`);
  const body = (await response.json()) as { items?: unknown; nextCursor?: unknown };
  if (!Array.isArray(body.items)) throw new Error("The gallery answer had no items.");
  const items = body.items.flatMap((item: unknown) => parseGalleryItem(item) ?? []);
  const nextCursor = typeof body.nextCursor === "string" ? body.nextCursor : null;
  return { items, nextCursor };
}
