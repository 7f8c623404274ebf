/** The backup's writes: by its worker (backup-worker.ts) when the browser can, on the page otherwise. */
import type { DrawingEngine } from "../engine/drawing-engine.ts";
import type { PixelRect, Stroke } from "../engine/types.ts";
import { createBackupChannel, type StartBackupWorker, startModuleWorker } from "./backup-channel.ts";
import { BACKUP_DELAY_MS, BACKUP_MAX_WAIT_MS, packStroke } from "./backup-messages.ts";
import type { BackupStore } from "./backup-store.ts";
import { MirrorSync } from "./mirror-sync.ts";
import { type Timers, windowTimers } from "./timers.ts";
import { createWriteScheduler, type WriteScheduler } from "./write-scheduler.ts";

/** What the writer needs of the engine: copies of its pixels, and its own PNG for the page's fallback. */
export type BackupSource = Pick<DrawingEngine, "toImageBitmap" | "toBlob">;

/** The writer's seams; the page uses the defaults, tests pass fakes. */
export interface BackupWriterOptions {
  readonly startWorker?: StartBackupWorker;
  readonly timers?: Timers;
  /** False when the browser has no Worker or no OffscreenCanvas: every write is the page's own. */
  readonly canUseWorker?: boolean;
  /** The drawing the visitor remixes (null for none), read as each change is told (default: none). */
  readonly remixOf?: () => string | null;
  /** The time a write on the page is stored with (default: Date.now). */
  readonly now?: () => number;
}

/** The writer's handle. */
export interface BackupWriter {
  /** A visitor's change, to be written soon: the committed stroke, or null for anything else (undo, a tool). */
  changed(stroke: Stroke | null): void;
  /** The picture was repainted with no visitor's change (a new first display): the next change sends it all. */
  repainted(): void;
  /** The engine's 'strokestart': the page's own writes wait for the stroke's end. */
  strokeStarted(): void;
  /** Write what is pending now (the page is being hidden, and may be killed without warning). */
  flush(): void;
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
 * A writer whose worker keeps a copy of the drawing, waits for the visitor to rest, and encodes and stores it,
 * so the page's main thread only posts each change as it happens (a committed stroke as its packed points,
 * pixels now and then, see MirrorSync) and hears back a word per write. Without workers or OffscreenCanvas, or
 * once the worker has failed (it could not run, encode or open IndexedDB, or left a change unanswered for
 * WORKER_ANSWER_LIMIT_MS), the page waits for the rest itself, encodes (the engine's toBlob) and writes `store`,
 * so the backup keeps working.
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
  let closed = false;
  let pageWrites: WriteScheduler | null = null;
  /** Copies of pixels under way: later messages wait behind them, so the worker gets every change in order. */
  let copying = 0;
  let inOrder: Promise<void> = Promise.resolve();
  /** A copy failed: strokes told after it would land on a copy lacking it, until a whole copy is sent. */
  let stale = false;
  /** After a failed copy, the whole copy tried again if no change comes first. */
  let retry: unknown = null;

  /** The page's own writes: after a rest, as the worker would, with its own encode. */
  const onPage = (): WriteScheduler => {
    pageWrites ??= createWriteScheduler({
      delayMs: BACKUP_DELAY_MS,
      maxWaitMs: BACKUP_MAX_WAIT_MS,
      write: async () => store.write({ blob: await engine.toBlob(), savedAt: now(), remixOf: remixOf() }),
      timers,
      onError: (error) => console.warn(WRITE_FAILED_WARNING, error),
    });
    return pageWrites;
  };

  const channel = createBackupChannel({
    startWorker: options.startWorker ?? startModuleWorker,
    timers,
    remixOf,
    onWriteFailed: (error) => console.warn(WRITE_FAILED_WARNING, error),
    // The page writes what it holds, and every later change.
    onBroken: (reason) => {
      console.warn(WORKER_FALLBACK_WARNING, reason);
      onPage().request();
    },
  });
  if (!(options.canUseWorker ?? canWriteInWorker())) channel.close();

  /** Runs `send` now, or after the copies under way. */
  const inTurn = (send: () => void): void => {
    if (copying === 0) send();
    else inOrder = inOrder.then(send);
  };

  const sendStroke = (stroke: Stroke): void => {
    const packed = packStroke(stroke);
    inTurn(() => {
      if (!stale) channel.post({ kind: "stroke", ...packed }, [packed.points.buffer]);
    });
  };

  // The snapshot is taken now, in this task (createImageBitmap copies a canvas synchronously), so it holds
  // exactly the changes told so far; it is posted once every copy started before it has been.
  const sendPixels = (area: PixelRect | "all"): void => {
    const whole = area === "all";
    if (whole && retry !== null) timers.clear(retry);
    if (whole) retry = null;
    const copy = whole
      ? engine.toImageBitmap()
      : engine.toImageBitmap(area.x, area.y, area.width, area.height);
    const { x, y } = whole ? { x: 0, y: 0 } : area;
    copying += 1;
    inOrder = inOrder
      .then(() => copy)
      .then(
        (bitmap) => {
          if (whole) stale = false;
          if (stale) bitmap.close();
          else channel.post({ kind: "pixels", whole, x, y, bitmap }, [bitmap]);
        },
        () => {
          // A drawing that could not be copied says nothing about the worker: a whole copy is tried again soon.
          stale = true;
          sync.lost();
          retry ??= timers.set(() => {
            retry = null;
            changed(null);
          }, BACKUP_MAX_WAIT_MS);
        },
      )
      .finally(() => {
        copying -= 1;
      });
  };

  const changed = (stroke: Stroke | null): void => {
    if (closed) return;
    if (channel.broken) {
      onPage().request();
      return;
    }
    const next = sync.next(stroke);
    if (next === null) return;
    if (next === "all" || !("stroke" in next)) sendPixels(next);
    else sendStroke(next.stroke);
  };

  return {
    changed,
    repainted: () => sync.lost(),
    strokeStarted: () => pageWrites?.postpone(),
    flush(): void {
      if (channel.broken) pageWrites?.flush();
      else inTurn(() => channel.flush());
    },
    close(): void {
      closed = true;
      if (retry !== null) timers.clear(retry);
      pageWrites?.dispose();
      channel.close();
    },
  };
}
