import { describe, expect, it } from "vitest";
import { manualTimers } from "./manual-timers.ts";
import { createWriteScheduler, type WriteCause } from "./write-scheduler.ts";

/** A write the test finishes by hand, recording the state it captured when it started, and what started it. */
function manualWrites(state: { value: number }) {
  const started: number[] = [];
  const causes: WriteCause[] = [];
  const finishers: ((error?: Error) => void)[] = [];
  const write = (cause: WriteCause) => {
    started.push(state.value);
    causes.push(cause);
    return new Promise<void>((resolve, reject) => {
      finishers.push((error) => (error ? reject(error) : resolve()));
    });
  };
  return { write, started, causes, finish: (error?: Error) => finishers.shift()?.(error) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("createWriteScheduler", () => {
  it("writes nothing until asked, and waits for the delay before the first write", async () => {
    const timers = manualTimers();
    const state = { value: 1 };
    const writes = manualWrites(state);
    const scheduler = createWriteScheduler({ delayMs: 100, write: writes.write, timers });
    await settle();
    expect(timers.pending()).toBe(0);
    scheduler.request();
    await settle();
    expect(writes.started).toEqual([]);
    timers.fire();
    await settle();
    expect(writes.started).toEqual([1]);
  });

  it("coalesces a burst of requests into one write of the latest state", async () => {
    const timers = manualTimers();
    const state = { value: 0 };
    const writes = manualWrites(state);
    const scheduler = createWriteScheduler({ delayMs: 100, write: writes.write, timers });
    for (let i = 1; i <= 5; i++) {
      state.value = i;
      scheduler.request();
    }
    expect(timers.pending()).toBe(1);
    timers.fire();
    await settle();
    expect(writes.started).toEqual([5]);
  });

  it("keeps one write in flight and follows it with exactly one more for changes made meanwhile", async () => {
    const timers = manualTimers();
    const state = { value: 1 };
    const writes = manualWrites(state);
    let settled = 0;
    const scheduler = createWriteScheduler({
      delayMs: 100,
      write: writes.write,
      timers,
      onSettled: () => settled++,
    });
    scheduler.request();
    timers.fire();
    await settle();
    for (let i = 2; i <= 4; i++) {
      state.value = i;
      scheduler.request();
    }
    expect(timers.pending()).toBe(0);
    expect(writes.started).toEqual([1]);
    writes.finish();
    await settle();
    expect(timers.pending()).toBe(1);
    timers.fire();
    await settle();
    expect(writes.started).toEqual([1, 4]);
    expect(settled).toBe(0);
    writes.finish();
    await settle();
    expect(settled).toBe(1);
    expect(scheduler.busy).toBe(false);
  });

  it("does not restart the delay on new requests, so steady changes cannot starve the backup", async () => {
    const timers = manualTimers();
    const writes = manualWrites({ value: 0 });
    const scheduler = createWriteScheduler({ delayMs: 100, write: writes.write, timers });
    scheduler.request();
    scheduler.request();
    scheduler.request();
    expect(timers.pending()).toBe(1);
  });

  it("without a maximum wait, a stroke beginning does not push the write back either", () => {
    const timers = manualTimers();
    const scheduler = createWriteScheduler({ delayMs: 100, write: manualWrites({ value: 0 }).write, timers });
    scheduler.request();
    scheduler.postpone();
    expect(timers.delays()).toEqual([100]);
  });

  it("with a maximum wait, a postponement holds the write until the next request waits the delay again", async () => {
    const timers = manualTimers();
    const state = { value: 1 };
    const writes = manualWrites(state);
    const scheduler = createWriteScheduler({ delayMs: 100, maxWaitMs: 1000, write: writes.write, timers });
    scheduler.request();
    expect(timers.delays()).toEqual([100, 1000]);
    // A stroke begins: only the deadline is left.
    scheduler.postpone();
    expect(timers.delays()).toEqual([1000]);
    // It ends with a change: the quiet time starts again.
    state.value = 2;
    scheduler.request();
    expect(timers.delays().sort((a, b) => a - b)).toEqual([100, 1000]);
    timers.fireDelay(100);
    await settle();
    expect(writes.started).toEqual([2]);
    expect(writes.causes).toEqual(["rest"]);
    // The deadline went with the write.
    expect(timers.pending()).toBe(0);
  });

  it("the maximum wait writes however often the visitor starts again, and nothing pushes it back", async () => {
    const timers = manualTimers();
    const state = { value: 0 };
    const writes = manualWrites(state);
    const scheduler = createWriteScheduler({ delayMs: 100, maxWaitMs: 1000, write: writes.write, timers });
    for (let stroke = 1; stroke <= 20; stroke++) {
      scheduler.postpone();
      state.value = stroke;
      scheduler.request();
    }
    expect(writes.started).toEqual([]);
    timers.fireDelay(1000);
    await settle();
    expect(writes.started).toEqual([20]);
    expect(writes.causes).toEqual(["deadline"]);
    expect(timers.pending()).toBe(0);
    // A change during the write starts a new wait, deadline and all, once it is done.
    scheduler.request();
    writes.finish();
    await settle();
    expect(timers.delays()).toEqual([100, 1000]);
  });

  it("reports a failed write and still writes on the next request", async () => {
    const timers = manualTimers();
    const state = { value: 1 };
    const writes = manualWrites(state);
    const errors: unknown[] = [];
    const scheduler = createWriteScheduler({
      delayMs: 100,
      write: writes.write,
      timers,
      onError: (error) => errors.push(error),
    });
    scheduler.request();
    timers.fire();
    await settle();
    writes.finish(new Error("quota"));
    await settle();
    expect(errors).toEqual([new Error("quota")]);
    state.value = 2;
    scheduler.request();
    timers.fire();
    await settle();
    expect(writes.started).toEqual([1, 2]);
  });

  it("treats a write that throws synchronously as a failed write", async () => {
    const timers = manualTimers();
    const errors: unknown[] = [];
    const scheduler = createWriteScheduler({
      delayMs: 100,
      write: () => {
        throw new Error("no canvas");
      },
      timers,
      onError: (error) => errors.push(error),
    });
    scheduler.request();
    timers.fire();
    await settle();
    expect(errors).toEqual([new Error("no canvas")]);
    expect(scheduler.busy).toBe(false);
  });

  it("flush starts a waiting write at once, and the follow-up of a running one without the delay", async () => {
    const timers = manualTimers();
    const state = { value: 1 };
    const writes = manualWrites(state);
    const scheduler = createWriteScheduler({ delayMs: 100, write: writes.write, timers });
    scheduler.request();
    scheduler.flush();
    await settle();
    expect(writes.started).toEqual([1]);
    expect(timers.pending()).toBe(0);
    state.value = 2;
    scheduler.request();
    scheduler.flush();
    writes.finish();
    await settle();
    expect(writes.started).toEqual([1, 2]);
    expect(writes.causes, "a write flushed, then its follow-up flushed too").toEqual(["flush", "flush"]);
    expect(timers.pending()).toBe(0);
  });

  it("flush with nothing requested writes nothing", async () => {
    const timers = manualTimers();
    const writes = manualWrites({ value: 1 });
    const scheduler = createWriteScheduler({ delayMs: 100, write: writes.write, timers });
    scheduler.flush();
    await settle();
    expect(writes.started).toEqual([]);
  });

  it("after dispose nothing new starts: the waiting write is dropped and a running one has no follow-up", async () => {
    const timers = manualTimers();
    const writes = manualWrites({ value: 1 });
    const scheduler = createWriteScheduler({ delayMs: 100, write: writes.write, timers });
    scheduler.request();
    scheduler.dispose();
    expect(timers.pending()).toBe(0);
    scheduler.request();
    await settle();
    expect(writes.started).toEqual([]);

    const running = createWriteScheduler({ delayMs: 100, write: writes.write, timers });
    running.request();
    timers.fire();
    await settle();
    running.request();
    running.dispose();
    writes.finish();
    await settle();
    expect(timers.pending()).toBe(0);
    expect(writes.started).toEqual([1]);
  });
});
