/** The wall's list as plain data: newest first, each drawing once, whatever order pages and events arrive in. */
import type { GalleryItem, WallSort } from "../../common/api.ts";
import type { ReactionChange, ReactionKind } from "../../common/reactions.ts";

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
 * Merges drawings announced live (or found by a page of the newest) into the list, newest first, skipping those
 * already shown: the visitor's own save comes back through the event stream, a reconnect may repeat an event,
 * and an event may arrive before the page that also holds it (or older than the top of the list).
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
  // A stable sort: drawings of the same second keep the order the server gave them.
  return [...fresh, ...items].sort(newestFirst);
}

/** Drops a drawing (moderation removed it, or this visitor reported it); the same list when it is not shown. */
export function withoutDrawing(items: readonly GalleryItem[], id: string): readonly GalleryItem[] {
  return items.some((item) => item.id === id) ? items.filter((item) => item.id !== id) : items;
}

/**
 * Puts newer counts on the drawings they belong to. A change older than what a card shows is ignored, so the
 * newest of a toggle's answer and the live events wins whatever order they arrive in; `reacted` (this
 * visitor's own reactions, which only their answers carry) replaces the card's when given.
 */
export function withReactionChanges(
  items: readonly GalleryItem[],
  changes: readonly (ReactionChange & { readonly reacted?: readonly ReactionKind[] })[],
): readonly GalleryItem[] {
  const byId = new Map(changes.map((change) => [change.id, change]));
  let changed = false;
  const next = items.map((item) => {
    const change = byId.get(item.id);
    if (change === undefined || change.version < item.reactionsVersion) return item;
    changed = true;
    const reacted = change.reacted ?? item.reacted;
    return {
      ...item,
      reactions: change.reactions,
      reactionsVersion: change.version,
      ...(reacted ? { reacted } : {}),
    };
  });
  return changed ? next : items;
}

/**
 * Puts a page of the first drawings of a view into the list. New merges it by time. Top's first page replaces
 * the list, but a resync (the feed opened again) only brings its counts onto the drawings shown: replacing the
 * list would drop the pages loaded below it while the paging position stays after them.
 */
export function withFirstPage(
  items: readonly GalleryItem[],
  page: readonly GalleryItem[],
  sort: WallSort,
  resync: boolean,
): readonly GalleryItem[] {
  if (sort === "new") return prependNewer(items, page);
  if (!resync) return page;
  return withReactionChanges(
    items,
    page.map((item) => ({
      id: item.id,
      reactions: item.reactions,
      version: item.reactionsVersion,
      ...(item.reacted ? { reacted: item.reacted } : {}),
    })),
  );
}

/**
 * A toggle shown at once: the kind's count one up (give) or down, and pressed or not. The version is kept, so
 * any newer count (the answer, or a live event) replaces this guess.
 */
export function withToggledReaction(
  items: readonly GalleryItem[],
  id: string,
  kind: ReactionKind,
  give: boolean,
): readonly GalleryItem[] {
  return withKindOnCard(items, id, kind, (shown) => ({
    count: Math.max(0, shown.reactions[kind] + (give ? 1 : -1)),
    pressed: give,
  }));
}

/**
 * Takes back a failed toggle of `kind` on the card `before` was (as it was shown when clicked). The count goes
 * back to `before`'s only while no newer count arrived since (same version): a newer one is the server's and
 * already leaves the failed reaction out. The pressed state always goes back, since the server did not change
 * it and live counts do not carry it. Other kinds are left alone (their own toggles may be on their way).
 */
export function withUndoneReaction(
  items: readonly GalleryItem[],
  before: GalleryItem,
  kind: ReactionKind,
): readonly GalleryItem[] {
  return withKindOnCard(items, before.id, kind, (shown) => ({
    count:
      shown.reactionsVersion === before.reactionsVersion ? before.reactions[kind] : shown.reactions[kind],
    pressed: (before.reacted ?? []).includes(kind),
  }));
}

function withKindOnCard(
  items: readonly GalleryItem[],
  id: string,
  kind: ReactionKind,
  next: (shown: GalleryItem) => { readonly count: number; readonly pressed: boolean },
): readonly GalleryItem[] {
  if (!items.some((item) => item.id === id)) return items;
  return items.map((shown) => {
    if (shown.id !== id) return shown;
    const { count, pressed } = next(shown);
    const reacted = (shown.reacted ?? []).filter((other) => other !== kind);
    return {
      ...shown,
      reactions: { ...shown.reactions, [kind]: count },
      reacted: pressed ? [...reacted, kind] : reacted,
    };
  });
}

function newestFirst(a: GalleryItem, b: GalleryItem): number {
  return b.createdAt.localeCompare(a.createdAt);
}
