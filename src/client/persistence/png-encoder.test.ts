import { afterEach, describe, expect, it, vi } from "vitest";
import { manualTimers } from "./manual-timers.ts";
import {
  createPngEncoder,
  type PngEncoderOptions,
  type PngSource,
  type StartPngWorker,
  WORKER_ANSWER_LIMIT_MS,
  WORKER_FALLBACK_WARNING,
} from "./png-encoder.ts";
import type { PngAnswer, PngRequest } from "./png-worker.ts";

/** A fake bitmap that records whether it was freed. */
type FakeBitmap = ImageBitmap & { closed: boolean };
function fakeBitmap(): FakeBitmap {
  const bitmap = { width: 600, height: 600, closed: false, close: () => (bitmap.closed = true) };
  return bitmap as unknown as FakeBitmap;
}

/** A fake engine: each copy is a new fake bitmap; its own PNG is `pagePng`. */
function fakeEngine(copy: () => Promise<FakeBitmap> = async () => fakeBitmap()) {
  const pagePng = new Blob(["encoded on the page"], { type: "image/png" });
  const bitmaps: FakeBitmap[] = [];
  const engine: PngSource = {
    toImageBitmap: vi.fn(async () => {
      const bitmap = await copy();
      bitmaps.push(bitmap);
      return bitmap;
    }),
    toBlob: vi.fn(async () => pagePng),
  };
  return { engine, pagePng, bitmaps };
}

/** Fake workers the test answers by hand; `failOnStart`/`failOnPost` make starting or posting throw. */
function fakeWorkers(failures: { failOnStart?: boolean; failOnPost?: boolean } = {}) {
  const started: {
    requests: PngRequest[];
    terminated: boolean;
    answer: (answer: PngAnswer) => void;
    crash: () => void;
  }[] = [];
  const startWorker: StartPngWorker = (onAnswer, onFailure) => {
    if (failures.failOnStart) throw new Error("workers are blocked here");
    const worker = { requests: [] as PngRequest[], terminated: false, answer: onAnswer, crash: onFailure };
    started.push(worker);
    return {
      postMessage(request) {
        if (failures.failOnPost) throw new Error("could not clone");
        worker.requests.push(request);
      },
      terminate: () => (worker.terminated = true),
    };
  };
  return { startWorker, started };
}

const workerPng = new Blob(["encoded in the worker"], { type: "image/png" });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function encoderWith(options: PngEncoderOptions) {
  return createPngEncoder({ canUseWorker: true, timers: manualTimers(), ...options });
}

afterEach(() => vi.restoreAllMocks());

describe("createPngEncoder", () => {
  it("has the worker encode a copy of the drawing and clears its answer timer", async () => {
    const timers = manualTimers();
    const { startWorker, started } = fakeWorkers();
    const { engine, bitmaps } = fakeEngine();
    const { encode } = encoderWith({ startWorker, timers });

    const png = encode(engine);
    await settle();
    expect(started[0]?.requests).toEqual([{ bitmap: bitmaps[0] }]);
    expect(timers.delays()).toEqual([WORKER_ANSWER_LIMIT_MS]);
    started[0]?.answer({ png: workerPng });
    expect(await png).toBe(workerPng);
    expect(timers.delays()).toEqual([]);
    expect(engine.toBlob).not.toHaveBeenCalled();
  });

  it("uses the engine's toBlob, starting no worker, without Worker or OffscreenCanvas", async () => {
    const { startWorker, started } = fakeWorkers();
    const { engine, pagePng } = fakeEngine();
    const { encode } = encoderWith({ startWorker, canUseWorker: false });
    expect(await encode(engine)).toBe(pagePng);
    expect(started).toEqual([]);
    expect(engine.toImageBitmap).not.toHaveBeenCalled();
  });

  it("falls back once, warning once, when the worker cannot run; it is terminated and never used again", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const { startWorker, started } = fakeWorkers();
    const { engine, pagePng } = fakeEngine();
    const { encode } = encoderWith({ startWorker });

    const png = encode(engine);
    await settle();
    started[0]?.crash();
    expect(await png).toBe(pagePng);
    expect(started[0]?.terminated).toBe(true);
    expect(warn.mock.calls.map((call) => call[0])).toEqual([WORKER_FALLBACK_WARNING]);

    expect(await encode(engine)).toBe(pagePng);
    expect(started).toHaveLength(1);
    expect(engine.toImageBitmap).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it("falls back when the worker answers with an error", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { startWorker, started } = fakeWorkers();
    const { engine, pagePng } = fakeEngine();
    const { encode } = encoderWith({ startWorker });

    const png = encode(engine);
    await settle();
    started[0]?.answer({ error: "no 2D context in the worker" });
    expect(await png).toBe(pagePng);
    expect(started[0]?.terminated).toBe(true);
  });

  it("falls back when the worker does not answer within the limit", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const timers = manualTimers();
    const { startWorker, started } = fakeWorkers();
    const { engine, pagePng } = fakeEngine();
    const { encode } = encoderWith({ startWorker, timers });

    const png = encode(engine);
    await settle();
    timers.fire();
    expect(await png).toBe(pagePng);
    expect(started[0]?.terminated).toBe(true);
    // A late answer from the ended worker changes nothing.
    started[0]?.answer({ png: workerPng });
    expect(await encode(engine)).toBe(pagePng);
  });

  it.each([
    ["starting the worker", { failOnStart: true }],
    ["posting the copy", { failOnPost: true }],
  ])("falls back and frees the copy when %s throws", async (_, failures) => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const timers = manualTimers();
    const { startWorker } = fakeWorkers(failures);
    const { engine, pagePng, bitmaps } = fakeEngine();
    const { encode } = encoderWith({ startWorker, timers });

    expect(await encode(engine)).toBe(pagePng);
    expect(bitmaps.map((bitmap) => bitmap.closed)).toEqual([true]);
    expect(timers.delays()).toEqual([]);
  });

  it("encodes on the page this once, keeping the worker, when the drawing cannot be copied", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    let copies = 0;
    const { startWorker, started } = fakeWorkers();
    const { engine, pagePng } = fakeEngine(async () => {
      if (copies++ === 0) throw new Error("out of memory");
      return fakeBitmap();
    });
    const { encode } = encoderWith({ startWorker });

    expect(await encode(engine)).toBe(pagePng);
    const png = encode(engine);
    await settle();
    started[0]?.answer({ png: workerPng });
    expect(await png).toBe(workerPng);
    expect(warn).not.toHaveBeenCalled();
  });

  it("close() during an encode ends the worker and rejects the encode without a warning or a page encode", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const timers = manualTimers();
    const { startWorker, started } = fakeWorkers();
    const { engine } = fakeEngine();
    const { encode, close } = encoderWith({ startWorker, timers });

    const png = encode(engine);
    await settle();
    close();
    await expect(png).rejects.toThrow("the backup stopped");
    expect(started[0]?.terminated).toBe(true);
    expect(timers.delays()).toEqual([]);
    expect(engine.toBlob).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });

  it("close() while the drawing is being copied starts no worker and frees the copy", async () => {
    const { startWorker, started } = fakeWorkers();
    let finishCopy = (_: FakeBitmap) => {};
    const { engine, bitmaps } = fakeEngine(() => new Promise((resolve) => (finishCopy = resolve)));
    const { encode, close } = encoderWith({ startWorker });

    const png = encode(engine);
    close();
    finishCopy(fakeBitmap());
    await expect(png).rejects.toThrow("the backup stopped");
    expect(started).toEqual([]);
    expect(bitmaps.map((bitmap) => bitmap.closed)).toEqual([true]);
  });
});
