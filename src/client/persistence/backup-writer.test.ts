import { afterEach, describe, expect, it, vi } from "vitest";
import type { BackupAnswer, BackupRequest } from "./backup-mirror.ts";
import type { BackupStore, DrawingBackup } from "./backup-store.ts";
import {
  type BackupSource,
  type BackupWriterOptions,
  createBackupWriter,
  type StartBackupWorker,
  WORKER_ANSWER_LIMIT_MS,
  WORKER_FALLBACK_WARNING,
} from "./backup-writer.ts";
import { manualTimers } from "./manual-timers.ts";

/** A fake bitmap that records whether it was freed. */
type FakeBitmap = ImageBitmap & { closed: boolean };
function fakeBitmap(): FakeBitmap {
  const bitmap = { width: 600, height: 600, closed: false, close: () => (bitmap.closed = true) };
  return bitmap as unknown as FakeBitmap;
}

/** A fake engine: each whole copy is a new fake bitmap, each rectangle a fake ImageData; its own PNG is `pagePng`. */
function fakeEngine(copy: () => Promise<FakeBitmap> = async () => fakeBitmap()) {
  const pagePng = new Blob(["encoded on the page"], { type: "image/png" });
  const bitmaps: FakeBitmap[] = [];
  const engine: BackupSource = {
    toImageBitmap: vi.fn(async () => {
      const bitmap = await copy();
      bitmaps.push(bitmap);
      return bitmap;
    }),
    getImageData: vi.fn((_x, _y, width = 600, height = 600) => {
      return { width, height, data: { buffer: new ArrayBuffer(4) } } as unknown as ImageData;
    }),
    toBlob: vi.fn(async () => pagePng),
  };
  return { engine, pagePng, bitmaps };
}

/** A store that keeps what the page wrote. */
function fakeStore() {
  const written: DrawingBackup[] = [];
  const store: BackupStore = {
    read: async () => null,
    write: async (backup) => {
      written.push(backup);
    },
    close: () => {},
  };
  return { store, written };
}

/** Fake workers the test answers by hand; `failOnStart`/`failOnPost` make starting or posting throw. */
function fakeWorkers(failures: { failOnStart?: boolean; failOnPost?: boolean } = {}) {
  const started: {
    requests: BackupRequest[];
    transfers: Transferable[][];
    terminated: boolean;
    answer: (answer: BackupAnswer) => void;
    crash: () => void;
  }[] = [];
  const startWorker: StartBackupWorker = (onAnswer, onFailure) => {
    if (failures.failOnStart) throw new Error("workers are blocked here");
    const worker = {
      requests: [] as BackupRequest[],
      transfers: [] as Transferable[][],
      terminated: false,
      answer: onAnswer,
      crash: onFailure,
    };
    started.push(worker);
    return {
      postMessage(request, transfer) {
        if (failures.failOnPost) throw new Error("could not clone");
        worker.requests.push(request);
        worker.transfers.push(transfer);
      },
      terminate: () => (worker.terminated = true),
    };
  };
  return { startWorker, started };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const RECORD = { savedAt: 1234, remixOf: null };
const STROKE_AREA = { x: 10, y: 20, width: 30, height: 40 };

function writerWith(options: BackupWriterOptions & { engine: BackupSource; store?: BackupStore }) {
  const { engine, store = fakeStore().store, ...rest } = options;
  return createBackupWriter(engine, store, { canUseWorker: true, timers: manualTimers(), ...rest });
}

afterEach(() => vi.restoreAllMocks());

describe("createBackupWriter", () => {
  it("sends the whole drawing first, then only what changed, and the page writes nothing", async () => {
    const timers = manualTimers();
    const { startWorker, started } = fakeWorkers();
    const { engine, bitmaps } = fakeEngine();
    const { store, written } = fakeStore();
    const writer = writerWith({ engine, store, startWorker, timers });

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
    writer.changed(STROKE_AREA);
    const second = writer.write(RECORD);
    await settle();
    expect(engine.getImageData).toHaveBeenCalledWith(10, 20, 30, 40);
    const request = worker?.requests[1];
    expect(request?.patch).toMatchObject({ kind: "area", x: 10, y: 20, pixels: { width: 30, height: 40 } });
    expect(worker?.transfers[1]).toEqual([
      request?.patch?.kind === "area" && request.patch.pixels.data.buffer,
    ]);
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

  it("sends the union of the changes since the last write, and the whole drawing once any was 'all'", async () => {
    const { startWorker, started } = fakeWorkers();
    const { engine } = fakeEngine();
    const writer = writerWith({ engine, startWorker });
    const writeAnswered = async () => {
      const done = writer.write(RECORD);
      await settle();
      started[0]?.answer({ written: true });
      await done;
      return started[0]?.requests.at(-1)?.patch?.kind;
    };
    expect(await writeAnswered()).toBe("all");

    writer.changed(STROKE_AREA);
    writer.changed({ x: 100, y: 5, width: 10, height: 10 });
    expect(await writeAnswered()).toBe("area");
    expect(engine.getImageData).toHaveBeenLastCalledWith(10, 5, 100, 55);

    writer.changed(STROKE_AREA);
    writer.changed("all");
    writer.changed(STROKE_AREA);
    expect(await writeAnswered()).toBe("all");
    expect(engine.toImageBitmap).toHaveBeenCalledTimes(2);
  });

  it("rejects when the worker could not write to IndexedDB, with no fallback, and the next write is whole", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { startWorker, started } = fakeWorkers();
    const { engine } = fakeEngine();
    const { store, written } = fakeStore();
    const writer = writerWith({ engine, store, startWorker });

    const first = writer.write(RECORD);
    await settle();
    started[0]?.answer({ written: true });
    await first;
    writer.changed(STROKE_AREA);
    const failing = writer.write(RECORD);
    await settle();
    started[0]?.answer({ failed: "write", error: "The database connection is closing." });
    await expect(failing).rejects.toThrow("The database connection is closing.");

    writer.changed(STROKE_AREA);
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

  it("writes on the page, starting no worker, without Worker or OffscreenCanvas", async () => {
    const { startWorker, started } = fakeWorkers();
    const { engine, pagePng } = fakeEngine();
    const { store, written } = fakeStore();
    const writer = writerWith({ engine, store, startWorker, canUseWorker: false });
    await writer.write(RECORD);
    expect(written).toEqual([{ blob: pagePng, ...RECORD }]);
    expect(started).toEqual([]);
    expect(engine.toImageBitmap).not.toHaveBeenCalled();
  });

  it("falls back once, warning once, when the worker cannot run; it is terminated and never used again", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { startWorker, started } = fakeWorkers();
    const { engine, pagePng } = fakeEngine();
    const { store, written } = fakeStore();
    const writer = writerWith({ engine, store, startWorker });

    const first = writer.write(RECORD);
    await settle();
    started[0]?.crash();
    await first;
    expect(written).toEqual([{ blob: pagePng, ...RECORD }]);
    expect(started[0]?.terminated).toBe(true);
    expect(warn.mock.calls.map((call) => call[0])).toEqual([WORKER_FALLBACK_WARNING]);

    writer.changed(STROKE_AREA);
    await writer.write(RECORD);
    expect(written).toHaveLength(2);
    expect(started).toHaveLength(1);
    expect(engine.toImageBitmap).toHaveBeenCalledTimes(1);
    expect(engine.getImageData).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it("falls back when the worker cannot encode or open IndexedDB", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { startWorker, started } = fakeWorkers();
    const { engine } = fakeEngine();
    const { store, written } = fakeStore();
    const writer = writerWith({ engine, store, startWorker });

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
    const { startWorker, started } = fakeWorkers();
    const { engine } = fakeEngine();
    const { store, written } = fakeStore();
    const writer = writerWith({ engine, store, startWorker, timers });

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
    const { startWorker } = fakeWorkers(failures);
    const { engine, bitmaps } = fakeEngine();
    const { store, written } = fakeStore();
    const writer = writerWith({ engine, store, startWorker, timers });

    await writer.write(RECORD);
    expect(written).toHaveLength(1);
    expect(bitmaps.map((bitmap) => bitmap.closed)).toEqual([true]);
    expect(timers.delays()).toEqual([]);
  });

  it("writes on the page this once, keeping the worker, when the drawing cannot be copied", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    let copies = 0;
    const { startWorker, started } = fakeWorkers();
    const { engine } = fakeEngine(async () => {
      if (copies++ === 0) throw new Error("out of memory");
      return fakeBitmap();
    });
    const { store, written } = fakeStore();
    const writer = writerWith({ engine, store, startWorker });

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

  it("close() during a write ends the worker and rejects the write without a warning or a page write", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const timers = manualTimers();
    const { startWorker, started } = fakeWorkers();
    const { engine } = fakeEngine();
    const { store, written } = fakeStore();
    const writer = writerWith({ engine, store, startWorker, timers });

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
    const { startWorker, started } = fakeWorkers();
    let finishCopy = (_: FakeBitmap) => {};
    const { engine, bitmaps } = fakeEngine(() => new Promise((resolve) => (finishCopy = resolve)));
    const writer = writerWith({ engine, startWorker });

    const first = writer.write(RECORD);
    writer.close();
    finishCopy(fakeBitmap());
    await expect(first).rejects.toThrow("the backup stopped");
    expect(started).toEqual([]);
    expect(bitmaps.map((bitmap) => bitmap.closed)).toEqual([true]);
  });
});
