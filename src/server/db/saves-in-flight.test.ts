import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createSavesInFlight } from "./saves-in-flight.ts";

// The background worker waits on quiet() before each job: saves go first, yet a steady stream of them cannot
// hold the work back for longer than the wait it asks for.

describe("saves in flight", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const settled = (promise: Promise<void>) => {
    let done = false;
    void promise.then(() => {
      done = true;
    });
    return () => done;
  };

  it("is quiet at once when no save runs", async () => {
    const isDone = settled(createSavesInFlight().quiet(5_000));
    await vi.advanceTimersByTimeAsync(0);
    expect(isDone()).toBe(true);
  });

  it("waits while saves run and turns quiet a moment after the last one ends", async () => {
    const saves = createSavesInFlight(250);
    const [first, second] = [saves.started(), saves.started()];
    const isDone = settled(saves.quiet(5_000));
    first();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(isDone()).toBe(false);
    second();
    second();
    await vi.advanceTimersByTimeAsync(249);
    expect(isDone()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(isDone()).toBe(true);
  });

  it("is not quiet in the short gaps between saves that follow one another", async () => {
    const saves = createSavesInFlight(250);
    // Saves one after another, 10 ms apart: a job asking for quiet during them starts only once they stop.
    let waiting: (() => boolean) | undefined;
    for (let save = 0; save < 20; save += 1) {
      const finish = saves.started();
      waiting ??= settled(saves.quiet(5_000));
      await vi.advanceTimersByTimeAsync(6);
      finish();
      await vi.advanceTimersByTimeAsync(10);
      expect(waiting()).toBe(false);
    }
    await vi.advanceTimersByTimeAsync(250);
    expect(waiting?.()).toBe(true);
  });

  it("stops waiting after the longest wait asked for, however many saves keep coming", async () => {
    const saves = createSavesInFlight();
    let finish = saves.started();
    const isDone = settled(saves.quiet(5_000));
    for (let elapsed = 0; elapsed < 4_900; elapsed += 100) {
      const next = saves.started();
      finish();
      finish = next;
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(isDone()).toBe(false);
    await vi.advanceTimersByTimeAsync(100);
    expect(isDone()).toBe(true);
  });
});
