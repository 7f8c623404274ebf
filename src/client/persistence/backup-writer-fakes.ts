/** Fakes of the backup writer's engine, store and worker, for its unit tests. */
import { vi } from "vitest";
import type { Stroke } from "../engine/types.ts";
import type { StartBackupWorker } from "./backup-channel.ts";
import type { WorkerAnswer, WriteMessage } from "./backup-messages.ts";
import type { BackupStore, DrawingBackup } from "./backup-store.ts";
import { type BackupSource, type BackupWriterOptions, createBackupWriter } from "./backup-writer.ts";
import { manualTimers } from "./manual-timers.ts";

/** A fake bitmap that records whether it was freed. */
export type FakeBitmap = ImageBitmap & { closed: boolean };
export function fakeBitmap(): FakeBitmap {
  const bitmap = { width: 600, height: 600, closed: false, close: () => (bitmap.closed = true) };
  return bitmap as unknown as FakeBitmap;
}

/**
 * A fake engine: each copy (whole or a rectangle) is a new fake bitmap; its own PNG is `pagePng`, its pixels
 * `pagePixels`; a stroke is being drawn while `drawing.now` is true.
 */
export function fakeEngine(copy: () => Promise<FakeBitmap> = async () => fakeBitmap()) {
  const pagePng = new Blob(["encoded on the page"], { type: "image/png" });
  const pagePixels = { width: 600, height: 600, data: new Uint8ClampedArray(0) } as unknown as ImageData;
  const bitmaps: FakeBitmap[] = [];
  const drawing = { now: false };
  const engine: BackupSource = {
    get isDrawing() {
      return drawing.now;
    },
    toImageBitmap: vi.fn(async () => {
      const bitmap = await copy();
      bitmaps.push(bitmap);
      return bitmap;
    }),
    toBlob: vi.fn(async () => pagePng),
    getImageData: vi.fn(() => pagePixels),
  };
  return { engine, pagePng, pagePixels, bitmaps, drawing };
}

/** A store that keeps what the page wrote, in `writtenAtOnce` what it wrote at once. */
export function fakeStore() {
  const written: DrawingBackup[] = [];
  const writtenAtOnce: DrawingBackup[] = [];
  const store: BackupStore = {
    read: async () => null,
    write: async (backup) => {
      written.push(backup);
    },
    writeAtOnce: (backup) => writtenAtOnce.push(backup),
    close: () => {},
  };
  return { store, written, writtenAtOnce };
}

/** Fake workers the test answers by hand; `failOnStart`/`failOnPost` make starting or posting throw. */
export function fakeWorkers(failures: { failOnStart?: boolean; failOnPost?: boolean } = {}) {
  const started: {
    messages: WriteMessage[];
    transfers: Transferable[][];
    terminated: boolean;
    answer: (answer: WorkerAnswer) => void;
    crash: () => void;
  }[] = [];
  const startWorker: StartBackupWorker = (onAnswer, onFailure) => {
    if (failures.failOnStart) throw new Error("workers are blocked here");
    const worker = {
      messages: [] as WriteMessage[],
      transfers: [] as Transferable[][],
      terminated: false,
      answer: onAnswer,
      crash: onFailure,
    };
    started.push(worker);
    return {
      postMessage(message, transfer) {
        if (failures.failOnPost) throw new Error("could not clone");
        worker.messages.push(message);
        worker.transfers.push(transfer);
      },
      terminate: () => (worker.terminated = true),
    };
  };
  return { startWorker, started };
}

export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A committed stroke as the engine's 'change' gives it. */
export const STROKE: Stroke = {
  style: { colour: "#000000", width: 4, eraser: false },
  points: [
    { x: 20, y: 30 },
    { x: 40, y: 50 },
  ],
  dot: true,
};

/** A writer over a fake engine, store, workers and clock, with every fake returned for the test to drive. */
export function setUp(
  options: Omit<BackupWriterOptions, "startWorker" | "timers"> & {
    readonly copy?: () => Promise<FakeBitmap>;
    readonly failures?: Parameters<typeof fakeWorkers>[0];
  } = {},
) {
  const { copy, failures, ...writerOptions } = options;
  const workers = fakeWorkers(failures);
  const fakes = fakeEngine(copy);
  const stores = fakeStore();
  const timers = manualTimers();
  const writer = createBackupWriter(fakes.engine, stores.store, {
    canUseWorker: true,
    now: () => 1234,
    ...writerOptions,
    timers,
    startWorker: workers.startWorker,
  });
  /** What the first worker was posted, as "<patch> <seq>", with " ack" when it asked for an answer. */
  const posted = () =>
    (workers.started[0]?.messages ?? []).map(({ patch, seq, ack }) => {
      const kind =
        patch === null
          ? "null"
          : patch.kind === "strokes"
            ? `strokes(${patch.strokes.colours.length})`
            : patch.whole
              ? "whole"
              : "area";
      return `${kind} ${seq}${ack ? " ack" : ""}`;
    });
  return { ...workers, ...fakes, ...stores, timers, writer, posted };
}
