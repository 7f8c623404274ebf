/** The wall's state in React: pages fetched on demand, the live feed merged in, reports hidden locally. */
import { useCallback, useEffect, useRef, useState } from "react";
import type { GalleryItem } from "../../common/api.ts";
import { withName, withoutBlockedName } from "./credit-list.ts";
import { FEED_WAIT_MS, openLiveWall } from "./live-wall.ts";
import { fetchGalleryPage, type WallView } from "./wall-api.ts";
import {
  appendOlder,
  prependNewer,
  withFirstPage,
  withoutDrawing,
  withReactionChanges,
} from "./wall-list.ts";

/** Where loading stands: a page on its way, nothing in flight, or a failure the visitor can retry. */
export type GalleryLoad = "loading" | "idle" | "failed";

/** What the wall shows and can do. */
export interface WallModel {
  readonly items: readonly GalleryItem[];
  /** Changes the shown items in place (a reaction's optimistic count and the server's answer). */
  readonly updateItems: (change: (items: readonly GalleryItem[]) => readonly GalleryItem[]) => void;
  readonly load: GalleryLoad;
  /** False until the first page arrived, so the empty state is never shown before we know. */
  readonly loadedOnce: boolean;
  /** True while a further page exists that is not shown yet. */
  readonly hasMore: boolean;
  /** Fetches the next page (or the first, after it failed); does nothing while one is loading. */
  readonly loadMore: () => void;
  /** Drawings this visitor reported: shown as "Reported" in place, never brought back by a page or event. */
  readonly reported: ReadonlySet<string>;
  /** Hides a drawing for this visitor after their report was accepted. */
  readonly markReported: (id: string) => void;
}

/** What the wall's owner hears of the feed, and needs to place live drawings. */
export interface WallFeedOptions {
  /** The feed says the prompts changed. */
  readonly onPrompts?: () => void;
  /** True for a drawing this browser saved (a live drawing carries no "mine": it goes to everyone). */
  readonly isMine?: (id: string) => boolean;
}

/** True when a live drawing belongs at the top of the view: on New, and in its scope. */
function joinsView(view: WallView, item: GalleryItem, isMine: (id: string) => boolean): boolean {
  if (view.sort !== "new") return false;
  const { scope } = view;
  if (scope.kind === "prompt") return item.prompt === scope.id;
  return scope.kind === "all" || isMine(item.id);
}

/**
 * Loads the view's first page, follows the live feed, and pages on demand. Changing the view starts over: a page
 * still on its way for the view before is cancelled. New drawings arrive live on New only (on Top they start at the
 * bottom); counts and removals arrive live on both.
 */
export function useWall(view: WallView, feed: WallFeedOptions = {}): WallModel {
  const [items, setItems] = useState<readonly GalleryItem[]>([]);
  const [load, setLoad] = useState<GalleryLoad>("loading");
  const [loadedOnce, setLoadedOnce] = useState(false);
  const [hasMore, setHasMore] = useState(false);
  // Refs, not state: the live feed's callbacks outlive renders and must see the current paging position.
  const cursor = useRef<string | null>(null);
  const firstPageLoaded = useRef(false);
  const loading = useRef(false);
  // The newest page was asked for while a page was loading: ask again when it is in.
  const newestAgain = useRef(false);
  const hidden = useRef(new Set<string>());
  // The page request on its way, cancelled when the view changes or the wall goes away.
  const inFlight = useRef<AbortController | null>(null);

  const fetchPage = useCallback(
    async (older: boolean) => {
      if (loading.current) {
        if (!older) newestAgain.current = true;
        return;
      }
      loading.current = true;
      const request = new AbortController();
      inFlight.current = request;
      setLoad("loading");
      try {
        const page = await fetchGalleryPage(older ? cursor.current : null, view, request.signal);
        // Cancelled after its answer was read: the view it was for is gone.
        if (request.signal.aborted) return;
        const shown = page.items.filter((item) => !hidden.current.has(item.id));
        // Read now: the updater runs later, after the flag below is set.
        const resync = !older && firstPageLoaded.current;
        setItems((current) =>
          older ? appendOlder(current, shown) : withFirstPage(current, shown, view.sort, resync),
        );
        // A resync of the first page must not move the paging position back up the wall.
        if (!resync) {
          cursor.current = page.nextCursor;
          setHasMore(page.nextCursor !== null);
        }
        firstPageLoaded.current = true;
        setLoadedOnce(true);
        setLoad("idle");
      } catch (error) {
        if (request.signal.aborted) return;
        console.warn("Fanvas: the gallery could not be loaded; Load more tries again.", error);
        setLoad("failed");
      } finally {
        // A cancelled request's view has started over already, with its own loading state.
        if (!request.signal.aborted) {
          inFlight.current = null;
          loading.current = false;
          if (newestAgain.current) {
            newestAgain.current = false;
            void fetchPage(false);
          }
        }
      }
    },
    [view],
  );

  // Each view starts over with its first page, asked for once the feed is open: a page answered before the feed
  // started would miss what was stored in between, and nothing would ever bring it. Once the feed is open, a
  // change of view asks at once. Declared before the feed's effect, so the feed's first open finds it set up.
  const shownView = useRef(view);
  const feedOptions = useRef(feed);
  feedOptions.current = feed;
  const fetchNewest = useRef(() => {});
  const feedOpen = useRef(false);
  const withoutFeed = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    shownView.current = view;
    fetchNewest.current = () => void fetchPage(false);
    loading.current = false;
    newestAgain.current = false;
    cursor.current = null;
    firstPageLoaded.current = false;
    setItems([]);
    setHasMore(false);
    setLoadedOnce(false);
    if (feedOpen.current) fetchNewest.current();
    else withoutFeed.current = setTimeout(fetchNewest.current, FEED_WAIT_MS);
    return () => {
      clearTimeout(withoutFeed.current);
      inFlight.current?.abort();
      inFlight.current = null;
    };
  }, [fetchPage, view]);

  // The live feed for as long as the wall is shown: every view hears the same events, so changing the view keeps
  // the one stream (a visitor's streams are capped, and a new one would delay the view's first page).
  useEffect(() => {
    const closeFeed = openLiveWall({
      onDrawing: (item) => {
        const isMine = feedOptions.current.isMine ?? (() => false);
        if (joinsView(shownView.current, item, isMine) && !hidden.current.has(item.id))
          setItems((current) => prependNewer(current, [item]));
      },
      onName: (id, name) => setItems((current) => withName(current, id, name)),
      onNameBlocked: (key) => setItems((current) => withoutBlockedName(current, key)),
      onPrompts: () => feedOptions.current.onPrompts?.(),
      // A drawing this visitor reported keeps its "Reported" note in place, even when the report hid it.
      onRemoved: (id) => {
        if (!hidden.current.has(id)) setItems((current) => withoutDrawing(current, id));
      },
      onReactions: (changes) => setItems((current) => withReactionChanges(current, changes)),
      onOpen: () => {
        feedOpen.current = true;
        clearTimeout(withoutFeed.current);
        fetchNewest.current();
      },
    });
    return () => {
      feedOpen.current = false;
      closeFeed();
    };
  }, []);

  const loadMore = useCallback(() => {
    if (!firstPageLoaded.current) void fetchPage(false);
    else if (cursor.current !== null) void fetchPage(true);
  }, [fetchPage]);

  const [reported, setReported] = useState<ReadonlySet<string>>(new Set());
  const markReported = useCallback((id: string) => {
    hidden.current.add(id);
    setReported((current) => new Set(current).add(id));
  }, []);

  return { items, updateItems: setItems, load, loadedOnce, hasMore, loadMore, reported, markReported };
}
