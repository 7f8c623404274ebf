/**
 * Reading the wall from the server: one page of drawings, and the items the event stream carries, each checked
 * against the wire schema the server answers by (wall-checks.ts). This module is in the wall's lazy chunk, so the
 * checks never weigh on the drawing page's first load.
 */
import {
  DRAWINGS_PATH,
  type GalleryItem,
  type GalleryPage,
  type TopWindow,
  type WallSort,
} from "../../common/api.ts";
import type { ReactionCounts } from "../../common/reactions.ts";
import { isGalleryItem, isGalleryPage, isReactionCounts } from "./wall-checks.ts";

/**
 * Drawings per request: four rows of six on a desktop (the wall uses the page's width), so the first screen
 * fills without reaching the end; thumbnails load lazily, so only the rows in view cost their images.
 */
export const GALLERY_PAGE_SIZE = 24;

/**
 * A GalleryItem when the value is one by its wire schema (which also keeps every link a same-origin path); else
 * null. The item keeps only its own fields, and says whether it has a timelapse.
 */
export function parseGalleryItem(value: unknown): GalleryItem | null {
  return isGalleryItem(value) ? withMaking(value) : null;
}

function withMaking(item: GalleryItem): GalleryItem {
  return { ...item, making: item.making === true };
}

/** Counts of every kind as whole numbers (a ReactionCounts by its wire schema), or undefined. */
export function parseCounts(value: unknown): ReactionCounts | undefined {
  return isReactionCounts(value) ? value : undefined;
}

/** Why a gallery page was not taken: the answer is not one by the wire schema. */
export const NOT_A_GALLERY_PAGE = "The gallery answer is not a page of drawings.";

/** Whose drawings a wall shows: everyone's, this browser's own, or one prompt's entries. */
export type ViewScope =
  | { readonly kind: "all" }
  | { readonly kind: "mine" }
  | { readonly kind: "prompt"; readonly id: string };

/** Which wall is shown: its scope, New (newest first) or Top (over this week or all time, for everyone's). */
export interface WallView {
  readonly scope: ViewScope;
  readonly sort: WallSort;
  readonly window: TopWindow;
}

/** The wall a visitor first sees. */
export const NEWEST: WallView = { scope: { kind: "all" }, sort: "new", window: "week" };

/** The query a view's pages are asked with (limit and cursor aside). */
function viewQuery(view: WallView, query: URLSearchParams): void {
  const { scope } = view;
  if (scope.kind === "mine") query.set("mine", "true");
  if (scope.kind === "prompt") query.set("prompt", scope.id);
  if (view.sort === "top" && scope.kind !== "mine") {
    query.set("sort", "top");
    if (scope.kind === "all") query.set("window", view.window);
  }
}

/**
 * The page of drawings after `before` (the first page when null) in the view's order. Rejects with a
 * readable error.
 */
export async function fetchGalleryPage(
  before: string | null,
  view: WallView = NEWEST,
  signal?: AbortSignal,
): Promise<GalleryPage> {
  const query = new URLSearchParams({ limit: String(GALLERY_PAGE_SIZE) });
  viewQuery(view, query);
  if (before !== null) query.set("before", before);
  const response = await fetch(`${DRAWINGS_PATH}?${query}`, {
    headers: { Accept: "application/json" },
    signal,
  });
  if (!response.ok) throw new Error(`The gallery could not be loaded (HTTP ${response.status}).`);
  const body: unknown = await response.json();
  if (!isGalleryPage(body)) throw new Error(NOT_A_GALLERY_PAGE);
  return { items: body.items.map(withMaking), nextCursor: body.nextCursor };
}
