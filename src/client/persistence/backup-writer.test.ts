import { afterEach, describe, expect, it, vi } from "vitest";
import { strokeBounds } from "../engine/changed-area.ts";
import { WORKER_ANSWER_LIMIT_MS } from "./backup-writer.ts";
import { type FakeBitmap, fakeBitmap, RECORD, STROKE, settle, setUp } from "./backup-writer-fakes.ts";
import { manualTimers } from "./manual-timers.ts";
import { STROKES_BETWEEN_COPIES } from "./mirror-sync.ts";

afterEach(() => vi.restoreAllMocks());

describe("createBackupWriter", () => {
  it("sends the whole drawing first, then the strokes since (no pixels), and the page writes nothing", async () => {
    const timers = manualTimers();
    const { started, engine, bitmaps, written, writer } = setUp({ timers });

    const first = writer.write(RECORD);
    await settle();
    const worker = started[0];
    expect(worker?.requests).toEqual([{ patch: { kind: "all", bitmap: bitmaps[0] }, ...RECORD }]);
    expect(worker?.transfers).toEqual([[bitmaps[0]]]);
    expect(timers.delays()).toEqual([WORKER_ANSWER_LIMIT_MS]);
    worker?.answer({ written: true });
    await first;
    expect(timers.delays()).toEqual([]);

    writer.strokeStarted();
    writer.changed(STROKE);
    const second = writer.write(RECORD);
    await settle();
    expect(worker?.requests[1]).toEqual({ patch: { kind: "strokes", strokes: [STROKE] }, ...RECORD });
    expect(worker?.transfers[1]).toEqual([]);
    worker?.answer({ written: true });
    await second;

    const unchanged = writer.write({ savedAt: 5, remixOf: "abc" });
    await settle();
    expect(worker?.requests[2]).toEqual({ patch: null, savedAt: 5, remixOf: "abc" });
    worker?.answer({ written: true });
    await unchanged;
    expect(started).toHaveLength(1);
    expect(engine.toImageBitmap).toHaveBeenCalledTimes(1);
    expect(engine.toBlob).not.toHaveBeenCalled();
    expect(written).toEqual([]);
  });

  it("past STROKES_BETWEEN_COPIES strokes sends the rectangle they painted, and the whole drawing once anything else changed", async () => {
    const { started, engine, writer } = setUp();
    const writeAnswered = async () => {
      const done = writer.write(RECORD);
      await settle();
      started[0]?.answer({ written: true });
      await done;
      return started[0]?.requests.at(-1)?.patch?.kind;
    };
    expect(await writeAnswered()).toBe("all");

    for (let index = 0; index <= STROKES_BETWEEN_COPIES; index += 1) writer.changed(STROKE);
    expect(await writeAnswered()).toBe("area");
    const area = strokeBounds(STROKE);
    expect(engine.toImageBitmap).toHaveBeenLastCalledWith(area?.x, area?.y, area?.width, area?.height);

    writer.changed(STROKE);
    writer.changed(null);
    writer.changed(STROKE);
    expect(await writeAnswered()).toBe("all");
    expect(engine.toImageBitmap).toHaveBeenLastCalledWith();
  });

  it("rejects when the worker could not write to IndexedDB, with no fallback, and the next write is whole", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { started, written, writer } = setUp();

    const first = writer.write(RECORD);
    await settle();
    started[0]?.answer({ written: true });
    await first;
    writer.changed(STROKE);
    const failing = writer.write(RECORD);
    await settle();
    started[0]?.answer({ failed: "write", error: "The database connection is closing." });
    await expect(failing).rejects.toThrow("The database connection is closing.");

    writer.changed(STROKE);
    const retry = writer.write(RECORD);
    await settle();
    expect(started[0]?.requests.at(-1)?.patch?.kind).toBe("all");
    started[0]?.answer({ written: true });
    await retry;
    expect(started).toHaveLength(1);
    expect(started[0]?.terminated).toBe(false);
    expect(written).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
  });

  it("close() during a write ends the worker and rejects the write without a warning or a page write", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const timers = manualTimers();
    const { started, written, writer } = setUp({ timers });

    const first = writer.write(RECORD);
    await settle();
    writer.close();
    await expect(first).rejects.toThrow("the backup stopped");
    expect(started[0]?.terminated).toBe(true);
    expect(timers.delays()).toEqual([]);
    expect(written).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
  });

  it("close() while the drawing is being copied starts no worker and frees the copy", async () => {
    let finishCopy = (_: FakeBitmap) => {};
    const { started, bitmaps, writer } = setUp({
      copy: () => new Promise((resolve) => (finishCopy = resolve)),
    });

    const first = writer.write(RECORD);
    writer.close();
    finishCopy(fakeBitmap());
    await expect(first).rejects.toThrow("the backup stopped");
    expect(started).toEqual([]);
    expect(bitmaps.map((bitmap) => bitmap.closed)).toEqual([true]);
  });
});
