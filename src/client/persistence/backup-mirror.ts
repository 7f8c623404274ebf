/**
 * The backup worker's work (backup-worker.ts runs it): its own copy of the drawing (the mirror), brought up to
 * date by the changes the page tells, encoded as a PNG and written to IndexedDB once the visitor rests, all off
 * the page's main thread.
 */
import { CANVAS_SIZE } from "../../common/constants.ts";
import { drawSegments, forgetAppliedStyle } from "../engine/render.ts";
import { strokeSegments } from "../engine/smoothing.ts";
import {
  BACKUP_DELAY_MS,
  BACKUP_MAX_WAIT_MS,
  type ChangeMessage,
  type PageMessage,
  unpackStroke,
  type WorkerAnswer,
} from "./backup-messages.ts";
import type { BackupStore } from "./backup-store.ts";
import type { Timers } from "./timers.ts";
import { createWriteScheduler } from "./write-scheduler.ts";

/** What the mirror is made with: the worker's OffscreenCanvas, backup store, clock and voice, or a test's fakes. */
export interface MirrorDependencies {
  readonly createCanvas: (size: number) => OffscreenCanvas;
  /** Opens the backup store; null when IndexedDB is unavailable, after handing the reason to `unavailable`. */
  readonly openStore: (unavailable: (reason: string) => void) => Promise<BackupStore | null>;
  readonly timers: Timers;
  /** Tells the page how a write went. */
  readonly answer: (answer: WorkerAnswer) => void;
  /** The time a write is stored with (ms since the epoch). */
  readonly now: () => number;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Frees the pixels a change carries, when it carries pixels and will not be applied. */
function discard(change: ChangeMessage): void {
  if (change.kind === "pixels") change.bitmap.close();
}

/**
 * Takes the page's messages in the order they were posted. Changes wait: a write starts once none has come for
 * BACKUP_DELAY_MS, and at the latest BACKUP_MAX_WAIT_MS after the first unwritten one, however steadily they
 * come; a flush starts it at once. The write applies the waiting changes to the mirror (there, not as they come,
 * so a visitor drawing on keeps the worker quiet until a write is due), encodes it and stores it. One write at
 * a time; changes told during it go into the next.
 */
export function createBackupMirror(dependencies: MirrorDependencies): (message: PageMessage) => void {
  let context: OffscreenCanvasRenderingContext2D | null = null;
  let store: Promise<BackupStore | null> | null = null;
  let unavailableReason = "IndexedDB is unavailable in the worker";
  let waiting: ChangeMessage[] = [];
  let failed = false;

  const contextFor = (change: ChangeMessage): OffscreenCanvasRenderingContext2D => {
    if (change.kind === "pixels" && change.whole)
      context ??= dependencies.createCanvas(CANVAS_SIZE).getContext("2d");
    if (context === null)
      throw new Error(
        change.kind === "pixels" && change.whole
          ? "no 2D context in the worker"
          : "the worker has no copy to update",
      );
    return context;
  };

  const apply = (change: ChangeMessage): void => {
    const target = contextFor(change);
    if (change.kind === "stroke") {
      const { style, points, dot } = unpackStroke(change);
      drawSegments(target, style, strokeSegments(points, dot));
      return;
    }
    // The drawing is opaque (white under everything), so a copy drawn 1:1 over it gives exactly its pixels:
    // "copy" replaces the whole canvas, "source-over" the rectangle (opaque over anything is itself).
    target.globalCompositeOperation = change.whole ? "copy" : "source-over";
    target.drawImage(change.bitmap, change.x, change.y);
    change.bitmap.close();
    // Strokes drawn next set their style again in full.
    forgetAppliedStyle(target);
  };

  const openStore = (): Promise<BackupStore | null> => {
    store ??= dependencies.openStore((reason) => {
      unavailableReason = `IndexedDB is unavailable in the worker: ${reason}`;
    });
    return store;
  };

  /** The worker cannot do this work here: the page takes the backup over, and this ignores it from now on. */
  const fail = (error: string): void => {
    failed = true;
    scheduler.dispose();
    for (const change of waiting) discard(change);
    waiting = [];
    dependencies.answer({ kind: "failed", failure: "worker", error });
  };

  const write = async (): Promise<void> => {
    const changes = waiting;
    waiting = [];
    const last = changes.at(-1);
    if (last === undefined || failed) return;
    let png: Blob;
    try {
      for (const [index, change] of changes.entries()) {
        try {
          apply(change);
        } catch (error) {
          for (const rest of changes.slice(index + 1)) discard(rest);
          throw error;
        }
      }
      png = await (context as OffscreenCanvasRenderingContext2D).canvas.convertToBlob({ type: "image/png" });
    } catch (error) {
      fail(messageOf(error));
      return;
    }
    const opened = await openStore();
    if (opened === null) {
      fail(unavailableReason);
      return;
    }
    try {
      await opened.write({ blob: png, savedAt: dependencies.now(), remixOf: last.remixOf });
      dependencies.answer({ kind: "written", through: last.seq });
    } catch (error) {
      // The connection may be what failed (closed for another tab's upgrade, or the database deleted): the
      // next write opens a new one. The mirror itself is whole: the next write needs no copy from the page.
      opened.close();
      store = null;
      dependencies.answer({ kind: "failed", failure: "write", through: last.seq, error: messageOf(error) });
    }
  };

  const scheduler = createWriteScheduler({
    delayMs: BACKUP_DELAY_MS,
    maxWaitMs: BACKUP_MAX_WAIT_MS,
    write,
    timers: dependencies.timers,
  });

  return (message) => {
    if (failed) {
      if (message.kind !== "flush") discard(message);
      return;
    }
    if (message.kind === "flush") {
      scheduler.flush();
      return;
    }
    // A whole copy replaces everything before it: what waits for it is dropped, not drawn.
    if (message.kind === "pixels" && message.whole) {
      for (const change of waiting) discard(change);
      waiting = [];
    }
    waiting.push(message);
    scheduler.request();
  };
}
