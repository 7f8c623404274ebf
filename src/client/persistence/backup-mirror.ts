/**
 * The backup worker's work (backup-worker.ts runs it): its own copy of the drawing (the mirror), brought up to
 * date by each write's patch, encoded as a PNG and written to IndexedDB, all off the page's main thread.
 */
import { CANVAS_SIZE } from "../../common/constants.ts";
import { drawSegments, forgetAppliedStyle } from "../engine/render.ts";
import { strokeSegments } from "../engine/smoothing.ts";
import { type Patch, unpackStrokes, type WorkerAnswer, type WriteMessage } from "./backup-messages.ts";
import type { BackupStore } from "./backup-store.ts";

/** What the mirror is made with: the worker's OffscreenCanvas, backup store and voice, or a test's fakes. */
export interface MirrorDependencies {
  readonly createCanvas: (size: number) => OffscreenCanvas;
  /** Opens the backup store; null when IndexedDB is unavailable, after handing the reason to `unavailable`. */
  readonly openStore: (unavailable: (reason: string) => void) => Promise<BackupStore | null>;
  /** Tells the page how a write went. */
  readonly answer: (answer: WorkerAnswer) => void;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Frees the pixels a patch carries, when it will not be applied. */
function discard(patch: Patch | null): void {
  if (patch?.kind === "pixels") patch.bitmap.close();
}

/**
 * Takes the page's writes in the order they were posted and stores each as it comes, one at a time: writes
 * that arrive during one are applied together and stored once after it (the last one's record), as only the
 * newest drawing matters. Answers "written" when a write asked for it, and every failure.
 */
export function createBackupMirror(dependencies: MirrorDependencies): (message: WriteMessage) => void {
  let context: OffscreenCanvasRenderingContext2D | null = null;
  let store: Promise<BackupStore | null> | null = null;
  let unavailableReason = "IndexedDB is unavailable in the worker";
  let queued: WriteMessage[] = [];
  let writing = false;
  let failed = false;

  const apply = (patch: Patch): OffscreenCanvasRenderingContext2D => {
    const whole = patch.kind === "pixels" && patch.whole;
    if (whole) context ??= dependencies.createCanvas(CANVAS_SIZE).getContext("2d");
    if (context === null)
      throw new Error(whole ? "no 2D context in the worker" : "the worker has no copy to update");
    if (patch.kind === "strokes") {
      for (const { style, points, dot } of unpackStrokes(patch.strokes))
        drawSegments(context, style, strokeSegments(points, dot));
      return context;
    }
    // The drawing is opaque (white under everything), so a copy drawn 1:1 over it gives exactly its pixels:
    // "copy" replaces the whole canvas, "source-over" the rectangle (opaque over anything is itself).
    context.globalCompositeOperation = whole ? "copy" : "source-over";
    context.drawImage(patch.bitmap, patch.x, patch.y);
    patch.bitmap.close();
    // Strokes drawn next set their style again in full.
    forgetAppliedStyle(context);
    return context;
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
    for (const message of queued) discard(message.patch);
    queued = [];
    dependencies.answer({ kind: "failed", failure: "worker", error });
  };

  /**
   * Applies `messages`' patches in order (from the last whole copy on: it replaces everything before it),
   * encodes the mirror and stores it with the last one's record.
   */
  const write = async (messages: readonly WriteMessage[]): Promise<void> => {
    const last = messages.at(-1) as WriteMessage;
    const lastWhole = messages.findLastIndex(({ patch }) => patch?.kind === "pixels" && patch.whole);
    const from = Math.max(0, lastWhole);
    for (const { patch } of messages.slice(0, from)) discard(patch);
    const patches = messages.slice(from).map(({ patch }) => patch);
    let png: Blob;
    try {
      for (const [index, patch] of patches.entries()) {
        try {
          if (patch !== null) apply(patch);
        } catch (error) {
          for (const rest of patches.slice(index + 1)) discard(rest);
          throw error;
        }
      }
      if (context === null) throw new Error("the worker has no copy to update");
      png = await context.canvas.convertToBlob({ type: "image/png" });
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
      await opened.write({ image: png, savedAt: last.savedAt, remixOf: last.remixOf });
      if (messages.some((message) => message.ack))
        dependencies.answer({ kind: "written", through: last.seq });
    } catch (error) {
      // The connection may be what failed (closed for another tab's upgrade, or the database deleted): the
      // next write opens a new one. The mirror itself is whole: the page need not send it again.
      opened.close();
      store = null;
      dependencies.answer({ kind: "failed", failure: "write", through: last.seq, error: messageOf(error) });
    }
  };

  const writeQueued = async (): Promise<void> => {
    writing = true;
    while (queued.length > 0 && !failed) {
      const messages = queued;
      queued = [];
      await write(messages);
    }
    writing = false;
  };

  return (message) => {
    if (failed) {
      discard(message.patch);
      return;
    }
    queued.push(message);
    if (!writing) void writeQueued();
  };
}
