import { describe, expect, it } from "vitest";
import { RETRY_CAP_MS } from "../save/backoff.ts";
import { manualTimers } from "../timers/manual-timers.ts";
import { lazyChunk } from "./lazy-chunk.ts";
import { loadUntilLoaded, type RetryClock } from "./load-until-loaded.ts";

/**
 * Starts loadUntilLoaded on a chunk whose first `failing` downloads fail, as a dropped network makes them, with a
 * clock driven by hand: its timers (jitter at its top, so each wait is the whole schedule), and a browser that
 * can be told it is back online.
 */
function loadFlakyChunk(failing: number) {
  let downloads = 0;
  const chunk = lazyChunk(async () => {
    downloads += 1;
    if (downloads <= failing) throw new TypeError("Failed to fetch dynamically imported module");
    return { name: "save pipeline" };
  });
  const timers = manualTimers();
  const listeners = new Set<() => void>();
  const clock: RetryClock = {
    timers,
    whenOnline: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    random: () => 1,
  };
  const used: unknown[] = [];
  loadUntilLoaded(chunk, (module) => used.push(module), clock);
  return {
    timers,
    used,
    downloads: () => downloads,
    listening: () => listeners.size,
    backOnline: () => {
      for (const listener of [...listeners]) listener();
    },
  };
}

/** Lets the chunk's promises settle: its download starts in a task of its own, and hands over in the next. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
const settle = async () => {
  await nextTask();
  await nextTask();
};

describe("loadUntilLoaded", () => {
  it("hands over a chunk that loads at once, and waits for nothing", async () => {
    const { timers, used, listening } = loadFlakyChunk(0);
    await settle();
    expect(used).toEqual([{ name: "save pipeline" }]);
    expect(timers.pending()).toBe(0);
    expect(listening()).toBe(0);
  });

  it("tries a failed download again after the save queue's doubling wait, capped, and uses the module once it loads", async () => {
    const { timers, used, downloads, listening } = loadFlakyChunk(8);
    const waits: number[] = [];
    for (let failure = 1; failure <= 8; failure++) {
      await settle();
      expect(downloads()).toBe(failure);
      waits.push(...timers.delays());
      expect(listening()).toBe(1);
      timers.fire();
    }
    await settle();
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, RETRY_CAP_MS, RETRY_CAP_MS]);
    expect(downloads()).toBe(9);
    expect(used).toHaveLength(1);
    expect(timers.pending()).toBe(0);
    expect(listening()).toBe(0);
  });

  it("tries again as soon as the browser is back online, without waiting out the timer", async () => {
    const { timers, used, downloads, backOnline } = loadFlakyChunk(1);
    await settle();
    expect(timers.pending()).toBe(1);
    backOnline();
    await settle();
    expect(downloads()).toBe(2);
    expect(used).toHaveLength(1);
    // The timer of the retry that already happened is gone, so it cannot load the chunk a second time.
    expect(timers.pending()).toBe(0);
  });
});
