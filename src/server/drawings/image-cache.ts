import type { DrawingImage } from "./queries.ts";

/** One drawing's PNG as the image route sends it, its ETag header value computed once. */
export interface ServedImage {
  readonly bytes: Buffer;
  readonly etag: string;
}

/**
 * How long a cached image is believed without asking the store. Hides and re-encodes evict at once; this
 * only bounds a change no event told this process about.
 */
export const IMAGE_CACHE_TTL_MS = 10_000;

/** How much the cache may hold, and for how long an entry is believed without asking the store. */
export interface ImageCacheOptions {
  /** Total PNG bytes held; 0 turns the cache off (every request reads the store). */
  readonly maxBytes: number;
  /**
   * Age after which an entry is read again. Hides and re-encodes evict at once; this bounds how long a
   * change that no event announced (another process's re-encode, a hide sent while this process's
   * PostgreSQL LISTEN connection was down) can go unseen.
   */
  readonly ttlMs: number;
  /** Clock in milliseconds; tests pass their own. */
  readonly now?: () => number;
}

/** Public drawings' PNGs in memory: a bounded LRU by bytes, read through from the store. */
export interface ImageCache {
  /** The image when it is held and fresh; never touches the store. */
  cached(id: string): ServedImage | undefined;
  /** Reads the store (one read however many requests wait for it), then holds the answer if it may. */
  load(id: string): Promise<ServedImage | undefined>;
  /** Forgets a drawing now: it was hidden or deleted, or its bytes were replaced. */
  evict(id: string): void;
  /** Entries and bytes held, for tests and metrics. */
  usage(): { readonly entries: number; readonly bytes: number };
}

interface Entry {
  readonly image: ServedImage;
  readonly storedAt: number;
}

/** One entry may take at most this share of the cache, so a few large drawings cannot flush the rest. */
const LARGEST_SHARE = 8;

/**
 * A cache over `read` (the store's visible-only image query). A read that was under way while any
 * drawing was evicted is answered but not kept: it may have seen a drawing just before it was hidden.
 */
export function createImageCache(
  options: ImageCacheOptions,
  read: (id: string) => Promise<DrawingImage | undefined>,
): ImageCache {
  const now = options.now ?? Date.now;
  // A Map iterates in insertion order: re-inserting on every hit keeps the least recently used first.
  const entries = new Map<string, Entry>();
  const reading = new Map<string, Promise<ServedImage | undefined>>();
  let bytes = 0;
  let evictions = 0;

  const forget = (id: string) => {
    const entry = entries.get(id);
    if (entry === undefined) return;
    entries.delete(id);
    bytes -= entry.image.bytes.length;
  };

  const keep = (id: string, image: ServedImage) => {
    const size = image.bytes.length;
    if (size * LARGEST_SHARE > options.maxBytes) return;
    forget(id);
    entries.set(id, { image, storedAt: now() });
    bytes += size;
    for (const [oldest] of entries) {
      if (bytes <= options.maxBytes) break;
      forget(oldest);
    }
  };

  const readAndKeep = async (id: string): Promise<ServedImage | undefined> => {
    const evictionsBefore = evictions;
    const stored = await read(id);
    if (stored === undefined) return undefined;
    const image = { bytes: stored.bytes, etag: `"${stored.sha256}"` };
    if (evictions === evictionsBefore) keep(id, image);
    return image;
  };

  return {
    cached: (id) => {
      const entry = entries.get(id);
      if (entry === undefined) return undefined;
      if (now() - entry.storedAt >= options.ttlMs) {
        forget(id);
        return undefined;
      }
      entries.delete(id);
      entries.set(id, entry);
      return entry.image;
    },
    load: (id) => {
      const pending = reading.get(id);
      if (pending !== undefined) return pending;
      const started: Promise<ServedImage | undefined> = readAndKeep(id).finally(() => {
        // An eviction may have replaced this read by a newer one already.
        if (reading.get(id) === started) reading.delete(id);
      });
      reading.set(id, started);
      return started;
    },
    evict: (id) => {
      evictions += 1;
      forget(id);
      // A read already under way may predate the change; later requests must not join it.
      reading.delete(id);
    },
    usage: () => ({ entries: entries.size, bytes }),
  };
}
