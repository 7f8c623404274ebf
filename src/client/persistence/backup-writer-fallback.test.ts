import { afterEach, describe, expect, it, vi } from "vitest";
import { WORKER_FALLBACK_WARNING } from "./backup-writer.ts";
import { fakeBitmap, RECORD, STROKE, settle, setUp } from "./backup-writer-fakes.ts";
import { manualTimers } from "./manual-timers.ts";

afterEach(() => vi.restoreAllMocks());

describe("createBackupWriter's fallback to the page", () => {
  it("writes on the page, starting no worker, without Worker or OffscreenCanvas", async () => {
    const { started, engine, pagePng, written, writer } = setUp({ canUseWorker: false });
    await writer.write(RECORD);
    expect(written).toEqual([{ blob: pagePng, ...RECORD }]);
    expect(started).toEqual([]);
    expect(engine.toImageBitmap).not.toHaveBeenCalled();
  });

  it("falls back once, warning once, when the worker cannot run; it is terminated and never used again", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { started, engine, pagePng, written, writer } = setUp();

    const first = writer.write(RECORD);
    await settle();
    started[0]?.crash();
    await first;
    expect(written).toEqual([{ blob: pagePng, ...RECORD }]);
    expect(started[0]?.terminated).toBe(true);
    expect(warn.mock.calls.map((call) => call[0])).toEqual([WORKER_FALLBACK_WARNING]);

    writer.changed(STROKE);
    await writer.write(RECORD);
    expect(written).toHaveLength(2);
    expect(started).toHaveLength(1);
    expect(engine.toImageBitmap).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it("falls back when the worker cannot encode or open IndexedDB", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { started, written, writer } = setUp();

    const first = writer.write(RECORD);
    await settle();
    started[0]?.answer({ failed: "worker", error: "no 2D context in the worker" });
    await first;
    expect(written).toHaveLength(1);
    expect(started[0]?.terminated).toBe(true);
  });

  it("falls back when the worker does not answer within the limit", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const timers = manualTimers();
    const { started, written, writer } = setUp({ timers });

    const first = writer.write(RECORD);
    await settle();
    timers.fire();
    await first;
    expect(written).toHaveLength(1);
    expect(started[0]?.terminated).toBe(true);
    // A late answer from the ended worker changes nothing.
    started[0]?.answer({ written: true });
    await writer.write(RECORD);
    expect(written).toHaveLength(2);
  });

  it.each([
    ["starting the worker", { failOnStart: true }],
    ["posting the copy", { failOnPost: true }],
  ])("falls back and frees the copy when %s throws", async (_, failures) => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const timers = manualTimers();
    const { bitmaps, written, writer } = setUp({ failures, timers });

    await writer.write(RECORD);
    expect(written).toHaveLength(1);
    expect(bitmaps.map((bitmap) => bitmap.closed)).toEqual([true]);
    expect(timers.delays()).toEqual([]);
  });

  it("writes on the page this once, keeping the worker, when the drawing cannot be copied", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    let copies = 0;
    const { started, written, writer } = setUp({
      copy: async () => {
        if (copies++ === 0) throw new Error("out of memory");
        return fakeBitmap();
      },
    });

    await writer.write(RECORD);
    expect(written).toHaveLength(1);
    const next = writer.write(RECORD);
    await settle();
    expect(started[0]?.requests[0]?.patch?.kind).toBe("all");
    started[0]?.answer({ written: true });
    await next;
    expect(written).toHaveLength(1);
    expect(warn).not.toHaveBeenCalled();
  });
});
