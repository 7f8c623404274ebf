/** The gallery's state in React: pages fetched on demand, the live feed merged in, reports hidden locally. */
import { useCallback, useEffect, useRef, useState } from "react";
import type { GalleryItem } from "../../common/api.ts";
import { fetchGalleryPage } from "./gallery-api.ts";
import { appendOlder, prependNewer, withoutDrawing } from "./gallery-list.ts";
import { openLiveWall } from "./live-wall.ts";

/** Where loading stands: a page on its way, nothing in flight, or a failure the visitor can retry. */
export type GalleryLoad = "loading" | "idle" | "failed";

/** What the gallery view shows and can do. */
export interface GalleryModel {
  readonly items: readonly GalleryItem[];
  readonly load: GalleryLoad;
  /** False until the first page arrived, so the empty state is never shown before we know. */
  readonly loadedOnce: boolean;
  /** True while an older page exists that is not shown yet. */
  readonly hasMore: boolean;
  /** Fetches the next older page (or the first, after it failed); does nothing while one is loading. */
  readonly loadMore: () => void;
  /** Drawings this visitor reported: shown as "Reported" in place, never brought back by a page or event. */
  readonly reported: ReadonlySet<string>;
  /** Hides a drawing for this visitor after their report was accepted. */
  readonly markReported: (id: string) => void;
}

/** Loads the newest page, follows the live feed, and pages back on demand. */
export function useGallery(): GalleryModel {
  const [items, setItems] = useState<readonly GalleryItem[]>([]);
  const [load, setLoad] = useState<GalleryLoad>("loading");
  const [loadedOnce, setLoadedOnce] = useState(false);
  const [hasMore, setHasMore] = useState(false);
  // Refs, not state: the live feed's callbacks outlive renders and must see the current paging position.
  const cursor = useRef<string | null>(null);
  const firstPageLoaded = useRef(false);
  const loading = useRef(false);
  const hidden = useRef(new Set<string>());

  const fetchPage = useCallback(async (older: boolean) => {
    if (loading.current) return;
    loading.current = true;
    setLoad("loading");
    try {
      const page = await fetchGalleryPage(older ? cursor.current : null);
      const shown = page.items.filter((item) => !hidden.current.has(item.id));
      setItems((current) => (older ? appendOlder(current, shown) : prependNewer(current, shown)));
      // A resync of the newest page must not move the paging position back up the wall.
      if (older || !firstPageLoaded.current) {
        cursor.current = page.nextCursor;
        setHasMore(page.nextCursor !== null);
      }
      firstPageLoaded.current = true;
      setLoadedOnce(true);
      setLoad("idle");
    } catch (error) {
      console.warn("Fanvas: the gallery could not be loaded; Load more tries again.", error);
      setLoad("failed");
    } finally {
      loading.current = false;
    }
  }, []);

  // The newest page once, and the live feed for as long as the gallery is shown.
  useEffect(() => {
    void fetchPage(false);
    return openLiveWall({
      onDrawing: (item) => {
        if (!hidden.current.has(item.id)) setItems((current) => prependNewer(current, [item]));
      },
      // A drawing this visitor reported keeps its "Reported" note in place, even when the report hid it.
      onRemoved: (id) => {
        if (!hidden.current.has(id)) setItems((current) => withoutDrawing(current, id));
      },
      onResync: () => void fetchPage(false),
    });
  }, [fetchPage]);

  const loadMore = useCallback(() => {
    if (!firstPageLoaded.current) void fetchPage(false);
    else if (cursor.current !== null) void fetchPage(true);
  }, [fetchPage]);

  const [reported, setReported] = useState<ReadonlySet<string>>(new Set());
  const markReported = useCallback((id: string) => {
    hidden.current.add(id);
    setReported((current) => new Set(current).add(id));
  }, []);

  return { items, load, loadedOnce, hasMore, loadMore, reported, markReported };
}
