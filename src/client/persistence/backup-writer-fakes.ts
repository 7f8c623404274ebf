/** Fakes of the backup writer's engine, store and worker, for its unit tests. */
import { vi } from "vitest";
import type { Stroke } from "../engine/types.ts";
import type { BackupAnswer, BackupRequest } from "./backup-mirror.ts";
import type { BackupStore, DrawingBackup } from "./backup-store.ts";
import {
  type BackupSource,
  type BackupWriterOptions,
  createBackupWriter,
  type StartBackupWorker,
} from "./backup-writer.ts";
import { manualTimers } from "./manual-timers.ts";

/** A fake bitmap that records whether it was freed. */
export type FakeBitmap = ImageBitmap & { closed: boolean };
export function fakeBitmap(): FakeBitmap {
  const bitmap = { width: 600, height: 600, closed: false, close: () => (bitmap.closed = true) };
  return bitmap as unknown as FakeBitmap;
}

/** A fake engine: each copy (whole or a rectangle) is a new fake bitmap; its own PNG is `pagePng`. */
export function fakeEngine(copy: () => Promise<FakeBitmap> = async () => fakeBitmap()) {
  const pagePng = new Blob(["encoded on the page"], { type: "image/png" });
  const bitmaps: FakeBitmap[] = [];
  const engine: BackupSource = {
    toImageBitmap: vi.fn(async () => {
      const bitmap = await copy();
      bitmaps.push(bitmap);
      return bitmap;
    }),
    toBlob: vi.fn(async () => pagePng),
  };
  return { engine, pagePng, bitmaps };
}

/** A store that keeps what the page wrote. */
export function fakeStore() {
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
export function fakeWorkers(failures: { failOnStart?: boolean; failOnPost?: boolean } = {}) {
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

export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
export const RECORD = { savedAt: 1234, remixOf: null };
/** A committed stroke as the engine's 'change' gives it. */
export const STROKE: Stroke = {
  style: { colour: "#000000", width: 4, eraser: false },
  points: [
    { x: 20, y: 30 },
    { x: 40, y: 50 },
  ],
  dot: true,
};

export function writerWith(options: BackupWriterOptions & { engine: BackupSource; store?: BackupStore }) {
  const { engine, store = fakeStore().store, ...rest } = options;
  return createBackupWriter(engine, store, { canUseWorker: true, timers: manualTimers(), ...rest });
}

/** A writer over a fake engine, store and workers, with every fake returned for the test to drive. */
export function setUp(
  options: Omit<BackupWriterOptions, "startWorker"> & {
    readonly copy?: () => Promise<FakeBitmap>;
    readonly failures?: Parameters<typeof fakeWorkers>[0];
  } = {},
) {
  const { copy, failures, ...writerOptions } = options;
  const workers = fakeWorkers(failures);
  const fakes = fakeEngine(copy);
  const stores = fakeStore();
  const writer = writerWith({
    ...writerOptions,
    engine: fakes.engine,
    store: stores.store,
    startWorker: workers.startWorker,
  });
  return { ...workers, ...fakes, ...stores, writer };
}
