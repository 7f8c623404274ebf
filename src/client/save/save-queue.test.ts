import { describe, expect, it } from "vitest";
import { manualTimers } from "../timers/manual-timers.ts";
import type { AttemptVerdict } from "./classify-answer.ts";
import { createMemoryQueueStorage, type QueuedSave, type QueueStorage } from "./queue-storage.ts";
import { createSaveQueue, type SaveProgress } from "./save-queue.ts";

const saved = (key: string): AttemptVerdict => ({
  kind: "saved",
  drawing: { id: key, url: `/api/drawings/${key}.png`, createdAt: "2025-01-01T00:00:00Z" },
});
const retry = (retryAfterMs?: number): AttemptVerdict => ({ kind: "retry", retryAfterMs });

/** A server played by the test: each attempt takes the next scripted verdict (then "saved"). */
function scriptedServer(storage: QueueStorage, script: AttemptVerdict[] = []) {
  const attempts: { key: string; storedBeforeSend: boolean }[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const send = async (item: QueuedSave): Promise<AttemptVerdict> => {
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    const stored = (await storage.list()).some((kept) => kept.key === item.key);
    attempts.push({ key: item.key, storedBeforeSend: stored });
    await new Promise((resolve) => setTimeout(resolve, 1));
    inFlight--;
    return script.shift() ?? saved(item.key);
  };
  return { send, attempts, maxInFlight: () => maxInFlight };
}

function setUp(script: AttemptVerdict[] = [], storage: QueueStorage = createMemoryQueueStorage()) {
  const timers = manualTimers();
  const server = scriptedServer(storage, script);
  const progress: [string, SaveProgress][] = [];
  const logged: unknown[][] = [];
  const log = {
    error: (...args: unknown[]) => logged.push(args),
    warn: (...args: unknown[]) => logged.push(args),
  };
  let clock = 1_000;
  const queue = createSaveQueue({
    storage,
    send: server.send,
    timers,
    random: () => 1,
    now: () => clock++,
    onProgress: (key, update) => progress.push([key, update]),
    log,
  });
  return { queue, storage, timers, server, progress, logged };
}

const png = (): Blob => new Blob([Uint8Array.from([0x89, 0x50, 0x4e, 0x47])], { type: "image/png" });

describe("createSaveQueue", () => {
  it("keeps the drawing before the first attempt and removes it only once the server has it", async () => {
    const { queue, storage, server, progress } = setUp();
    await queue.add(png(), "k1");
    await queue.idle();
    expect(server.attempts).toEqual([{ key: "k1", storedBeforeSend: true }]);
    expect(await storage.list()).toEqual([]);
    expect(progress).toEqual([
      ["k1", { kind: "saving" }],
      ["k1", { kind: "saved", url: "/api/drawings/k1.png", id: "k1" }],
    ]);
  });

  it("queues the making as a Blob, so reading the queue back reads none of its bytes", async () => {
    const storage = createMemoryQueueStorage();
    const { queue } = setUp([retry()], storage);
    const making = new Uint8Array([70, 86, 68, 82, 1, 0, 0]);
    await queue.add(png(), "k1", {}, making);
    await queue.idle();
    const [kept] = await storage.list();
    if (!(kept?.making instanceof Blob)) throw new Error("the making was not queued as a Blob");
    expect(new Uint8Array(await kept.making.arrayBuffer())).toEqual(making);
  });

  it("retries a passing failure with the same key after a growing backoff, then says saved", async () => {
    const { queue, storage, timers, server, progress } = setUp([retry(), retry(), retry()]);
    await queue.add(png(), "k1");
    await queue.idle();
    expect(timers.delays()).toEqual([1000]);
    expect((await storage.list()).map((item) => item.attempts)).toEqual([1]);
    for (const expected of [2000, 4000]) {
      timers.fire();
      await queue.idle();
      expect(timers.delays()).toEqual([expected]);
    }
    timers.fire();
    await queue.idle();
    expect(server.attempts.map((attempt) => attempt.key)).toEqual(["k1", "k1", "k1", "k1"]);
    expect(await storage.list()).toEqual([]);
    expect(timers.delays()).toEqual([]);
    expect(progress.map(([, update]) => update.kind)).toEqual([
      "saving",
      "retrying",
      "retrying",
      "retrying",
      "saved",
    ]);
  });

  it("waits as long as the server's Retry-After asks", async () => {
    const { queue, timers } = setUp([retry(30_000)]);
    await queue.add(png(), "k1");
    await queue.idle();
    expect(timers.delays()).toEqual([30_000]);
  });

  it("drops a drawing the server refuses, with the server's message, and does not retry it", async () => {
    const { queue, storage, timers, server, progress } = setUp([{ kind: "refused", message: "Too large." }]);
    await queue.add(png(), "k1");
    await queue.idle();
    expect(server.attempts).toHaveLength(1);
    expect(await storage.list()).toEqual([]);
    expect(timers.delays()).toEqual([]);
    expect(progress.at(-1)).toEqual(["k1", { kind: "refused", message: "Too large." }]);
  });

  it("drops and logs a 409 conflict rather than retrying it", async () => {
    const { queue, storage, timers, logged } = setUp([{ kind: "conflict", message: "key reused" }]);
    await queue.add(png(), "k1");
    await queue.idle();
    expect(await storage.list()).toEqual([]);
    expect(timers.delays()).toEqual([]);
    expect(String(logged[0]?.[0])).toMatch(/Idempotency-Key was already used/);
  });

  it("sends what an earlier page left in the storage when woken, oldest first", async () => {
    const storage = createMemoryQueueStorage();
    await storage.put({ key: "newer", blob: png(), createdAt: 20, attempts: 3 });
    await storage.put({ key: "older", blob: png(), createdAt: 10, attempts: 5 });
    const { queue, server } = setUp([], storage);
    await queue.wake();
    expect(server.attempts.map((attempt) => attempt.key)).toEqual(["older", "newer"]);
    expect(await storage.list()).toEqual([]);
  });

  it("continues the backoff from the stored attempt count after a reload", async () => {
    const storage = createMemoryQueueStorage();
    await storage.put({ key: "k1", blob: png(), createdAt: 10, attempts: 2 });
    const { queue, timers } = setUp([retry()], storage);
    await queue.wake();
    expect(timers.delays()).toEqual([4000]);
  });

  it("runs one sender at a time however often it is woken", async () => {
    const { queue, server } = setUp();
    await Promise.all([queue.add(png(), "a"), queue.add(png(), "b"), queue.add(png(), "c")]);
    await Promise.all([queue.wake(), queue.wake(), queue.idle()]);
    expect(server.maxInFlight()).toBe(1);
    expect(new Set(server.attempts.map((attempt) => attempt.key))).toEqual(new Set(["a", "b", "c"]));
  });

  it("tries at once when woken during a backoff wait (back online), dropping the timer", async () => {
    const { queue, timers, server } = setUp([retry()]);
    await queue.add(png(), "k1");
    await queue.idle();
    expect(timers.delays()).toHaveLength(1);
    await queue.wake();
    expect(server.attempts).toHaveLength(2);
    expect(timers.delays()).toEqual([]);
  });

  it("tells the items behind a failing one that they wait for a retry too", async () => {
    const storage = createMemoryQueueStorage();
    await storage.put({ key: "head", blob: png(), createdAt: 1, attempts: 0 });
    await storage.put({ key: "behind", blob: png(), createdAt: 2, attempts: 0 });
    const { queue, server, progress } = setUp([retry()], storage);
    await queue.wake();
    expect(server.attempts.map((attempt) => attempt.key)).toEqual(["head"]);
    expect(progress).toEqual([
      ["head", { kind: "retrying" }],
      ["behind", { kind: "retrying" }],
    ]);
  });

  it("treats a send that rejects as a passing failure", async () => {
    const storage = createMemoryQueueStorage();
    const timers = manualTimers();
    const queue = createSaveQueue({
      storage,
      timers,
      random: () => 1,
      send: () => Promise.reject(new Error("boom")),
    });
    await queue.add(png(), "k1");
    await queue.idle();
    expect(timers.delays()).toEqual([1000]);
    expect(await storage.list()).toHaveLength(1);
  });

  it("still sends a drawing the storage could not keep, from memory", async () => {
    const memory = createMemoryQueueStorage();
    const full: QueueStorage = { ...memory, put: () => Promise.reject(new Error("QuotaExceededError")) };
    const { queue, server, logged } = setUp([retry()], full);
    await queue.add(png(), "k1");
    await queue.idle();
    expect(server.attempts.map((attempt) => attempt.key)).toEqual(["k1"]);
    await queue.wake();
    expect(server.attempts.map((attempt) => attempt.key)).toEqual(["k1", "k1"]);
    await queue.wake();
    expect(server.attempts).toHaveLength(2);
    expect(String(logged[0]?.[0])).toMatch(/sent from memory/);
  });

  it("starts nothing after dispose and drops its timer", async () => {
    const { queue, timers, server } = setUp([retry()]);
    await queue.add(png(), "k1");
    await queue.idle();
    queue.dispose();
    expect(timers.delays()).toEqual([]);
    await queue.wake();
    await queue.add(png(), "k2");
    expect(server.attempts).toHaveLength(1);
  });
});
