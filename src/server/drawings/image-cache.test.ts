import { describe, expect, it } from "vitest";
import { createImageCache } from "./image-cache.ts";
import type { DrawingImage } from "./queries.ts";

/** A store of fixed-size images that counts its reads; `gate` holds a read until released. */
function fakeStore(size = 100) {
  const reads: string[] = [];
  let gate: Promise<void> | undefined;
  return {
    reads,
    hold(): () => void {
      let release = () => {};
      gate = new Promise((resolve) => {
        release = resolve;
      });
      return release;
    },
    read: async (id: string): Promise<DrawingImage | undefined> => {
      reads.push(id);
      const version = reads.length;
      await gate;
      // The sha256 names the read that produced it, so a test can tell which read's answer was kept.
      return id.startsWith("missing")
        ? undefined
        : { bytes: Buffer.alloc(size, id), sha256: `${id}-${version}` };
    },
  };
}

describe("the image cache", () => {
  it("reads the store once, then serves from memory with the ETag computed once", async () => {
    const store = fakeStore();
    const cache = createImageCache({ maxBytes: 1000, ttlMs: 10_000 }, store.read);
    expect(cache.cached("a")).toBeUndefined();
    const loaded = await cache.load("a");
    expect(loaded?.etag).toBe('"a-1"');
    expect(cache.cached("a")).toBe(loaded);
    expect(store.reads).toEqual(["a"]);
  });

  it("keeps at most maxBytes, dropping the least recently served first", async () => {
    const store = fakeStore(100);
    const cache = createImageCache({ maxBytes: 800, ttlMs: 10_000 }, store.read);
    for (const id of "abcdefgh") await cache.load(id);
    cache.cached("a");
    await cache.load("i");
    expect(cache.usage()).toEqual({ entries: 8, bytes: 800 });
    expect(cache.cached("b")).toBeUndefined();
    for (const id of "acdefghi") expect(cache.cached(id)).toBeDefined();
  });

  it("never holds what the store did not find, nor an image larger than an eighth of the cache", async () => {
    const cache = createImageCache({ maxBytes: 700, ttlMs: 10_000 }, fakeStore(100).read);
    expect(await cache.load("missing")).toBeUndefined();
    expect(await cache.load("big")).toBeDefined();
    expect(cache.usage()).toEqual({ entries: 0, bytes: 0 });
  });

  it("reads an entry again once it is ttlMs old", async () => {
    let clock = 0;
    const store = fakeStore();
    const cache = createImageCache({ maxBytes: 1000, ttlMs: 50, now: () => clock }, store.read);
    await cache.load("a");
    clock = 49;
    expect(cache.cached("a")).toBeDefined();
    clock = 50;
    expect(cache.cached("a")).toBeUndefined();
    expect(cache.usage().entries).toBe(0);
  });

  it("shares one store read among concurrent misses", async () => {
    const store = fakeStore();
    const cache = createImageCache({ maxBytes: 1000, ttlMs: 10_000 }, store.read);
    const release = store.hold();
    const answers = Promise.all([cache.load("a"), cache.load("a"), cache.load("a")]);
    release();
    expect(new Set(await answers).size).toBe(1);
    expect(store.reads).toEqual(["a"]);
  });

  it("does not keep a read that was under way when a drawing was evicted, and starts a fresh one after", async () => {
    const store = fakeStore();
    const cache = createImageCache({ maxBytes: 1000, ttlMs: 10_000 }, store.read);
    const release = store.hold();
    const early = cache.load("a");
    cache.evict("a");
    const late = cache.load("a");
    release();
    await Promise.all([early, late]);
    expect(store.reads).toEqual(["a", "a"]);
    // The early read may have seen the drawing before it was hidden: it must not be what stays.
    expect(cache.cached("a")?.etag).toBe('"a-2"');
    cache.evict("a");
    expect(cache.cached("a")).toBeUndefined();
  });

  it("holds nothing when maxBytes is 0", async () => {
    const cache = createImageCache({ maxBytes: 0, ttlMs: 10_000 }, fakeStore().read);
    expect(await cache.load("a")).toBeDefined();
    expect(cache.cached("a")).toBeUndefined();
  });
});
