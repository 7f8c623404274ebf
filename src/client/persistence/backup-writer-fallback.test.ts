import { afterEach, describe, expect, it, vi } from "vitest";
import { WORKER_ANSWER_LIMIT_MS } from "./backup-channel.ts";
import { BACKUP_DELAY_MS } from "./backup-messages.ts";
import { WORKER_FALLBACK_WARNING, WRITE_FAILED_WARNING } from "./backup-writer.ts";
import { fakeBitmap, STROKE, settle, setUp } from "./backup-writer-fakes.ts";

afterEach(() => vi.restoreAllMocks());

/** Lets a write due after the rest run to its end. */
async function rest(timers: ReturnType<typeof setUp>["timers"]): Promise<void> {
  timers.fireDelay(BACKUP_DELAY_MS);
  await settle();
}

describe("createBackupWriter's fallback to the page", () => {
  it("writes on the page after the rest, starting no worker, without Worker or OffscreenCanvas", async () => {
    const { started, engine, pagePng, written, timers, writer } = setUp({
      canUseWorker: false,
      remixOf: () => "r1",
    });
    writer.changed(STROKE);
    writer.strokeStarted();
    await rest(timers);
    expect(written, "a stroke begun holds the page's write too").toEqual([]);
    writer.changed(STROKE);
    await rest(timers);
    expect(written).toEqual([{ image: pagePng, savedAt: 1234, remixOf: "r1" }]);
    expect(started).toEqual([]);
    expect(engine.toImageBitmap).not.toHaveBeenCalled();
  });

  it("falls back once, warning once, when the worker cannot run: it is ended, the page writes what it holds, and every later change", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { started, engine, written, timers, writer } = setUp();
    writer.changed(STROKE);
    await rest(timers);
    started[0]?.crash();
    expect(started[0]?.terminated).toBe(true);
    await rest(timers);
    expect(written).toHaveLength(1);
    expect(warn.mock.calls.map((call) => call[0])).toEqual([WORKER_FALLBACK_WARNING]);

    writer.changed(STROKE);
    await rest(timers);
    expect(written).toHaveLength(2);
    expect(started).toHaveLength(1);
    expect(started[0]?.messages).toHaveLength(1);
    expect(engine.toImageBitmap).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it("falls back when the worker cannot encode or open IndexedDB", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { started, written, timers, writer } = setUp();
    writer.changed(STROKE);
    await rest(timers);
    started[0]?.answer({ kind: "failed", failure: "worker", error: "no 2D context in the worker" });
    expect(started[0]?.terminated).toBe(true);
    await rest(timers);
    expect(written).toHaveLength(1);
  });

  it("falls back when the worker does not answer in time, and a late answer changes nothing", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { started, written, timers, writer } = setUp();
    writer.changed(STROKE);
    await rest(timers);
    timers.fireDelay(WORKER_ANSWER_LIMIT_MS);
    expect(started[0]?.terminated).toBe(true);
    await rest(timers);
    expect(written).toHaveLength(1);
    started[0]?.answer({ kind: "written", through: 1 });
    writer.changed(STROKE);
    await rest(timers);
    expect(written).toHaveLength(2);
  });

  it.each([
    ["starting the worker", { failOnStart: true }],
    ["posting the copy", { failOnPost: true }],
  ])("falls back and frees the copy when %s throws", async (_, failures) => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { bitmaps, written, timers, writer } = setUp({ failures });
    writer.changed(STROKE);
    await rest(timers);
    expect(bitmaps.map((bitmap) => bitmap.closed)).toEqual([true]);
    await rest(timers);
    expect(written).toHaveLength(1);
  });

  it("keeps the worker when the drawing cannot be copied: it warns, and the next change sends the whole drawing", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    let copies = 0;
    const { started, written, timers, writer, posted } = setUp({
      copy: async () => {
        if (copies++ === 1) throw new Error("out of memory");
        return fakeBitmap();
      },
    });
    writer.changed(STROKE);
    await rest(timers);
    writer.changed(null);
    await rest(timers);
    expect(warn.mock.calls.map((call) => call[0])).toEqual([WRITE_FAILED_WARNING]);
    writer.changed(STROKE);
    await rest(timers);
    expect(posted()).toEqual(["whole 1 ack", "whole 2"]);
    expect(written).toEqual([]);
    expect(started).toHaveLength(1);
  });
});
