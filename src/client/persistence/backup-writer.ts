/** The backup's writes: by its worker (backup-worker.ts) when the browser can, on the page otherwise. */
import type { DrawingEngine } from "../engine/drawing-engine.ts";
import type { Stroke } from "../engine/types.ts";
import type { BackupAnswer, BackupRequest, MirrorPatch } from "./backup-mirror.ts";
import type { BackupStore, DrawingBackup } from "./backup-store.ts";
import { MirrorSync } from "./mirror-sync.ts";
import { type Timers, windowTimers } from "./timers.ts";

/** What the writer needs of the engine: copies of its pixels, and its own PNG for the page's fallback. */
export type BackupSource = Pick<DrawingEngine, "toImageBitmap" | "toBlob">;

/** What a write stores beside the drawing's PNG (read when the write starts). */
export type BackupRecord = Omit<DrawingBackup, "blob">;

/** The backup's worker as the writer drives it: a real Worker, or a test's fake. */
export interface BackupWorker {
  postMessage(request: BackupRequest, transfer: Transferable[]): void;
  terminate(): void;
}

/** Starts a worker that calls `onAnswer` with each answer and `onFailure` when it cannot run. */
export type StartBackupWorker = (
  onAnswer: (answer: BackupAnswer) => void,
  onFailure: () => void,
) => BackupWorker;

/** The writer's seams; the page uses the defaults, tests pass fakes. */
export interface BackupWriterOptions {
  readonly startWorker?: StartBackupWorker;
  readonly timers?: Timers;
  /** False when the browser has no Worker or no OffscreenCanvas: every write is the page's own. */
  readonly canUseWorker?: boolean;
}

/** The writer's handle. */
export interface BackupWriter {
  /** The engine's 'strokestart'. */
  strokeStarted(): void;
  /** The engine's 'change' area, or "all" for a repaint that is no change (a new first display, a restore). */
  changed(stroke: Stroke | null): void;
  /** Writes the drawing as it is now, with `record`; resolves once stored, rejects when it could not be. */
  write(record: BackupRecord): Promise<void>;
  /** Ends the worker; a write under way rejects. */
  close(): void;
}

/** Logged once, when the worker fails and the page's main thread takes the backup over. */
export const WORKER_FALLBACK_WARNING =
  "Fanvas: the drawing backup is encoded and written on the page from now on.";

/** Logged with the error when a write fails (the write scheduler's onError); the next change tries again. */
export const WRITE_FAILED_WARNING =
  "Fanvas: the drawing backup could not be written; the next change tries again.";

/** Far longer than a write takes (tens of milliseconds on a slow phone). */
export const WORKER_ANSWER_LIMIT_MS = 10_000;

const startModuleWorker: StartBackupWorker = (onAnswer, onFailure) => {
  const worker = new Worker(new URL("./backup-worker.ts", import.meta.url), { type: "module" });
  worker.onmessage = (event: MessageEvent<BackupAnswer>) => onAnswer(event.data);
  worker.onerror = onFailure;
  return worker;
};

function canWriteInWorker(): boolean {
  return typeof Worker === "function" && typeof OffscreenCanvas === "function";
}

/** The pixels a patch carries, if it carries pixels. */
function bitmapOf(patch: MirrorPatch | null): ImageBitmap | null {
  return patch === null || patch.kind === "strokes" ? null : patch.bitmap;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

interface InFlight {
  readonly resolve: (answer: BackupAnswer) => void;
  readonly timer: unknown;
}

/**
 * A writer whose worker keeps a copy of the drawing and encodes and stores it, so the page's main thread
 * only sends what changed (committed strokes, which the worker draws; pixels now and then, see MirrorSync) and
 * hears back a word. Without workers or OffscreenCanvas, or once the worker has failed (it could not run,
 * encode or open IndexedDB, or did not answer within WORKER_ANSWER_LIMIT_MS), the page encodes (the engine's
 * toBlob) and writes `store` itself, so the backup keeps working. One write at a time (the write scheduler's).
 */
export function createBackupWriter(
  engine: BackupSource,
  store: BackupStore,
  options: BackupWriterOptions = {},
): BackupWriter {
  const { startWorker = startModuleWorker, timers = windowTimers } = options;
  const sync = new MirrorSync();
  let worker: BackupWorker | null = null;
  let broken = !(options.canUseWorker ?? canWriteInWorker());
  let closed = false;
  let inFlight: InFlight | null = null;

  const finish = (): InFlight | null => {
    const finished = inFlight;
    inFlight = null;
    if (finished !== null) timers.clear(finished.timer);
    return finished;
  };

  // Every way the worker can fail ends here, once: later writes are the page's own.
  const fail = (reason: string): void => {
    if (broken) return;
    broken = true;
    worker?.terminate();
    worker = null;
    if (!closed) console.warn(WORKER_FALLBACK_WARNING, reason);
    finish()?.resolve({ failed: "worker", error: reason });
  };

  const onAnswer = (answer: BackupAnswer): void => {
    if ("failed" in answer && answer.failed === "worker") fail(`the backup worker failed: ${answer.error}`);
    else finish()?.resolve(answer);
  };

  const ask = (request: BackupRequest): Promise<BackupAnswer> =>
    new Promise((resolve) => {
      // A worker that never answers must not hold the backup up for good: past the limit the page writes.
      const timer = timers.set(() => fail("the backup worker did not answer"), WORKER_ANSWER_LIMIT_MS);
      inFlight = { resolve, timer };
      try {
        worker ??= startWorker(onAnswer, () => fail("the backup worker could not run"));
        // A copy of pixels is handed over, not copied again.
        const bitmap = bitmapOf(request.patch);
        worker.postMessage(request, bitmap === null ? [] : [bitmap]);
      } catch (error) {
        fail(`the backup worker could not be used: ${messageOf(error)}`);
      }
    });

  /** Copies what the mirror lacks; the copy is taken before the first await (MirrorSync.take). */
  const copyChanged = async (): Promise<MirrorPatch | null> => {
    const area = sync.take();
    if (area === null) return null;
    if (typeof area === "object" && "strokes" in area) return { kind: "strokes", strokes: area.strokes };
    if (area === "all") return { kind: "all", bitmap: await engine.toImageBitmap() };
    const bitmap = await engine.toImageBitmap(area.x, area.y, area.width, area.height);
    return { kind: "area", x: area.x, y: area.y, bitmap };
  };

  const writeOnPage = async (record: BackupRecord): Promise<void> =>
    store.write({ blob: await engine.toBlob(), ...record });

  const write = async (record: BackupRecord): Promise<void> => {
    if (broken) return writeOnPage(record);
    // A drawing that could not be copied says nothing about the worker: this once the page writes it.
    const patch = await copyChanged().catch(() => undefined);
    if (patch === undefined || broken || closed) {
      bitmapOf(patch ?? null)?.close();
      sync.lost();
      if (closed) throw new Error("the backup stopped");
      return writeOnPage(record);
    }
    const answer = await ask({ patch, savedAt: record.savedAt, remixOf: record.remixOf });
    if ("written" in answer) return;
    // Whatever failed, the mirror may now lack this patch: the next write sends the whole drawing.
    sync.lost();
    bitmapOf(patch)?.close(); // never transferred if posting failed; else a no-op
    if (closed) throw new Error("the backup stopped");
    if (answer.failed === "write") throw new Error(`the backup worker could not write: ${answer.error}`);
    return writeOnPage(record);
  };

  return {
    strokeStarted: () => sync.strokeStarted(),
    changed: (stroke) => sync.changed(stroke),
    write,
    close(): void {
      closed = true;
      fail("the backup stopped");
    },
  };
}
