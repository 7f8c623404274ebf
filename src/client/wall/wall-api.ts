/** Reading the wall from the server: one page of drawings, and the items the event stream carries. */
import {
  DRAWINGS_PATH,
  type GalleryItem,
  type GalleryPage,
  type TopWindow,
  type WallSort,
} from "../../common/api.ts";
import { isReactionKind, NO_REACTIONS, REACTION_KINDS, type ReactionCounts } from "../../common/reactions.ts";

/**
 * Drawings per request: four rows of six on a desktop (the wall uses the page's width), so the first screen
 * fills without reaching the end; thumbnails load lazily, so only the rows in view cost their images.
 */
export const GALLERY_PAGE_SIZE = 24;

/**
 * A GalleryItem when the value has every field of the right type and links only to our own paths; else null.
 * Missing counts (an older server) read as none.
 */
export function parseGalleryItem(value: unknown): GalleryItem | null {
  if (typeof value !== "object" || value === null) return null;
  const item = value as Record<string, unknown>;
  const { id, url, thumbnailUrl, permalink, createdAt, remixOf, reacted, reactionsVersion, place } = item;
  if (typeof id !== "string" || typeof createdAt !== "string") return null;
  // The page only ever links and loads same-origin paths; anything else from the wire is not ours.
  if (!isOwnPath(url) || !isOwnPath(thumbnailUrl) || !isOwnPath(permalink)) return null;
  return {
    id,
    url,
    thumbnailUrl,
    permalink,
    createdAt,
    reactions: parseCounts(item.reactions) ?? NO_REACTIONS,
    reactionsVersion: typeof reactionsVersion === "number" ? reactionsVersion : 0,
    remixOf: typeof remixOf === "string" ? remixOf : null,
    making: item.making === true,
    ...(Array.isArray(reacted) ? { reacted: reacted.filter(isReactionKind) } : {}),
    name: typeof item.name === "string" ? item.name : null,
    prompt: typeof item.prompt === "string" ? item.prompt : null,
    place: place === 1 || place === 2 || place === 3 ? place : null,
    ...(item.mine === true ? { mine: true } : {}),
  };
}

function isOwnPath(value: unknown): value is string {
  return typeof value === "string" && /^\/(?!\/)/.test(value);
}

/** Counts of every kind as whole numbers, or undefined. */
export function parseCounts(value: unknown): ReactionCounts | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const counts = value as Record<string, unknown>;
  if (!REACTION_KINDS.every((kind) => Number.isInteger(counts[kind]))) return undefined;
  return { heart: counts.heart as number, fire: counts.fire as number, lol: counts.lol as number };
}

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
  const body = (await response.json()) as { items?: unknown; nextCursor?: unknown };
  if (!Array.isArray(body.items)) throw new Error("The gallery answer had no items.");
  const items = body.items.flatMap((item: unknown) => parseGalleryItem(item) ?? []);
  const nextCursor = typeof body.nextCursor === "string" ? body.nextCursor : null;
  return { items, nextCursor };
}
