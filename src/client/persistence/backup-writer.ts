/** The backup's writes: by its worker (backup-worker.ts) when the browser can, on the page otherwise. */
import type { DrawingEngine } from "../engine/drawing-engine.ts";
import type { Stroke } from "../engine/types.ts";
import {
  createBackupChannel,
  type StartBackupWorker,
  startModuleWorker,
  WORKER_ANSWER_LIMIT_MS,
} from "./backup-channel.ts";
import { BACKUP_DELAY_MS, BACKUP_MAX_WAIT_MS, packStrokes } from "./backup-messages.ts";
import type { BackupStore } from "./backup-store.ts";
import { MirrorSync } from "./mirror-sync.ts";
import { type Timers, windowTimers } from "./timers.ts";
import { createWriteScheduler, type WriteCause, type WriteScheduler } from "./write-scheduler.ts";

/** What the writer needs of the engine: copies of its pixels, and its own PNG for the page's fallback. */
export type BackupSource = Pick<DrawingEngine, "toImageBitmap" | "toBlob" | "getImageData" | "isDrawing">;

/** The writer's seams; the page uses the defaults, tests pass fakes. */
export interface BackupWriterOptions {
  readonly startWorker?: StartBackupWorker;
  readonly timers?: Timers;
  /** False when the browser has no Worker or no OffscreenCanvas: every write is the page's own. */
  readonly canUseWorker?: boolean;
  /** The drawing the visitor remixes (null for none), read as each write starts (default: none). */
  readonly remixOf?: () => string | null;
  /** The time a write is stored with (default: Date.now). */
  readonly now?: () => number;
}

/** The writer's handle. */
export interface BackupWriter {
  /** A visitor's change, to be written soon: the committed stroke, or null for anything else (undo, a tool). */
  changed(stroke: Stroke | null): void;
  /** The picture was repainted with no visitor's change (a new first display): the next change sends it all. */
  repainted(): void;
  /** The engine's 'strokestart': a write waiting for the visitor to rest waits for the stroke's end. */
  strokeStarted(): void;
  /**
   * The page is being hidden, unloaded or closed, and may be gone before any write now started could finish
   * (the worker ends with the page): when anything changed since the last such write, the page writes the
   * drawing's pixels itself before this returns (as the canvas shows it, a stroke still being drawn with it),
   * and what waits for the worker is posted at once.
   */
  keepNow(): void;
  /** Ends the worker and any waiting write. */
  close(): void;
}

/** Logged once, when the worker fails and the page's main thread takes the backup over. */
export const WORKER_FALLBACK_WARNING =
  "Fanvas: the drawing backup is encoded and written on the page from now on.";

/** Logged with the error when a write fails; the next change tries again. */
export const WRITE_FAILED_WARNING =
  "Fanvas: the drawing backup could not be written; the next change tries again.";

function canWriteInWorker(): boolean {
  return typeof Worker === "function" && typeof OffscreenCanvas === "function";
}

/**
 * A writer whose worker keeps a copy of the drawing and encodes and stores it, so the page's main thread only
 * waits for the visitor to rest (a timer per change) and then posts what changed since its last write in one
 * message: the committed strokes, packed, or pixels now and then (see MirrorSync). It hears back only every
 * WORKER_ANSWER_LIMIT_MS at most, or when a write failed. Without workers or OffscreenCanvas, or once the
 * worker has failed (it could not run, encode or open IndexedDB, or did not answer in time), the page encodes
 * (the engine's toBlob) and writes `store` itself, so the backup keeps working.
 */
export function createBackupWriter(
  engine: BackupSource,
  store: BackupStore,
  options: BackupWriterOptions = {},
): BackupWriter {
  const { timers = windowTimers } = options;
  const remixOf = options.remixOf ?? (() => null);
  const now = options.now ?? Date.now;
  const sync = new MirrorSync();
  /** A write that waits for the stroke being drawn to end, tried again if no change ends it first. */
  let strokeHold: unknown = null;

  const channel = createBackupChannel({
    startWorker: options.startWorker ?? startModuleWorker,
    timers,
    onWriteFailed: (error) => console.warn(WRITE_FAILED_WARNING, error),
    // The page writes what it holds, and every later change.
    onBroken: (reason) => {
      console.warn(WORKER_FALLBACK_WARNING, reason);
      scheduler.request();
    },
  });
  if (!(options.canUseWorker ?? canWriteInWorker())) channel.close();

  /** A change since the last keepNow, and when the worker was last posted a write (ms, `now`'s clock). */
  let changedSinceKept = false;
  let postedAt = Number.NEGATIVE_INFINITY;

  const writeOnPage = async (): Promise<void> =>
    store.write({ image: await engine.toBlob(), savedAt: now(), remixOf: remixOf() });

  const postToWorker = async (cause: WriteCause): Promise<void> => {
    const rested = cause !== "deadline";
    if (sync.needsPixels(rested) && engine.isDrawing) {
      // A copy now would hold part of the stroke: the stroke's end asks again (a cancelled one has no end).
      strokeHold ??= timers.set(() => {
        strokeHold = null;
        scheduler.request();
      }, BACKUP_MAX_WAIT_MS);
      return;
    }
    const copy = sync.take(rested);
    const record = { savedAt: now(), remixOf: remixOf() };
    postedAt = record.savedAt;
    if (copy === null) {
      channel.post({ patch: null, ...record }, []);
    } else if (typeof copy === "object" && "strokes" in copy) {
      const strokes = packStrokes(copy.strokes);
      channel.post({ patch: { kind: "strokes", strokes }, ...record }, [
        strokes.points.buffer,
        strokes.shapes.buffer,
      ]);
    } else {
      const whole = copy === "all";
      const { x, y } = whole ? { x: 0, y: 0 } : copy;
      // The snapshot is taken in this call (createImageBitmap copies a canvas synchronously): only a change
      // after it is left for the next write. One that could not be taken says nothing about the worker.
      const bitmap = await (whole
        ? engine.toImageBitmap()
        : engine.toImageBitmap(copy.x, copy.y, copy.width, copy.height)
      ).catch((error: unknown) => {
        sync.lost();
        throw error;
      });
      channel.post({ patch: { kind: "pixels", whole, x, y, bitmap }, ...record }, [bitmap]);
    }
  };

  const scheduler: WriteScheduler = createWriteScheduler({
    delayMs: BACKUP_DELAY_MS,
    maxWaitMs: BACKUP_MAX_WAIT_MS,
    write: (cause) => (channel.broken ? writeOnPage() : postToWorker(cause)),
    timers,
    onError: (error) => console.warn(WRITE_FAILED_WARNING, error),
  });

  return {
    changed(stroke): void {
      changedSinceKept = true;
      sync.changed(stroke);
      if (strokeHold !== null) timers.clear(strokeHold);
      strokeHold = null;
      scheduler.request();
    },
    repainted: () => sync.lost(),
    strokeStarted: () => scheduler.postpone(),
    keepNow(): void {
      // A write posted this recently may not be stored yet (the worker is given as long to answer). Nothing
      // unstored: nothing is written, so a tab hidden long after its last change leaves another tab's newer
      // drawing in place (the last change wins).
      const unstored = scheduler.busy || strokeHold !== null || now() - postedAt < WORKER_ANSWER_LIMIT_MS;
      if (changedSinceKept && unstored)
        store.writeAtOnce({ image: engine.getImageData(), savedAt: now(), remixOf: remixOf() });
      changedSinceKept = false;
      // The worker's PNG of the same drawing replaces the pixels, if the page lives on.
      scheduler.flush();
    },
    close(): void {
      if (strokeHold !== null) timers.clear(strokeHold);
      scheduler.dispose();
      channel.close();
    },
  };
}
