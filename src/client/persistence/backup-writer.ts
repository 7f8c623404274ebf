/** Writes the drawing's log to the backup as it is made: each change at most a second later (decision 0024). */
import { encodeDrawing } from "../../common/drawing-document/encode.ts";
import type { Operation } from "../../common/drawing-document/types.ts";
import type { DrawingEngine } from "../engine/drawing-engine.ts";
import * as stored from "./backup-store.ts";

/** What the writer carries on from a restore. */
export interface Adopted {
  /** The restored log's id and last header's nonce; null: a new log (nothing restored, or a picture alone). */
  readonly log: string | null;
  readonly nonce: string | null;
  /** The restored operations' records, in order, and the index of the log's stored checkpoint, if any. */
  readonly records: readonly Uint8Array[];
  readonly checkpoint: number | null;
  /** A checkpoint a new log writes under its own id (a picture kept from before logs). */
  readonly carried: stored.CheckpointRecord | null;
}

/** Logged with the error when a write fails; the next change writes the whole log again. */
export const WRITE_FAILED_WARNING =
  "Fanvas: the drawing backup could not be written; the next change tries again.";

/** While the page is shown, changes wait at most this long and are then written together in one transaction. */
export const WRITE_WITHIN_MS = 1000;

/** A checkpoint that is due waits until the visitor has rested this long (no change, no stroke being drawn). */
export const CHECKPOINT_REST_MS = 400;

/** How long painting the operations after the checkpoint may take (ms, roughly) before a new one is due. */
const CHECKPOINT_BUDGET_MS = 40;

/**
 * A rough cost of bringing an operation back on a reload, ms: painting it and its share of the undo history's
 * copies the restore takes on the way (measured on the page bench's 1,000-stroke drawing).
 */
const paintCost = (operation: Operation): number =>
  operation.kind === "stroke"
    ? 0.6 + operation.points.x.length * 0.003
    : operation.kind === "fill"
      ? 6.6
      : 1.6;

/**
 * Keeps `engine`'s log in the backup from now on. The operations added since the last write are encoded (a log of
 * one operation each) and written with the header (undo and redo move its position) in one transaction at most
 * WRITE_WITHIN_MS after the first of them, and at once, committed in the same task, when the page is hidden or
 * goes, so a reload, a closed tab or a killed page right after a change keeps it. A checkpoint picture is taken
 * once the visitor rests, when painting what follows the last one would take too long. A tab that finds another
 * wrote since its last write takes the backup over with a log id of its own, written whole: the last change wins.
 */
export function startBackupWriter(engine: DrawingEngine, opened: IDBDatabase, adopted: Adopted): () => void {
  let db: IDBDatabase | null = opened;
  let { nonce, checkpoint, carried } = adopted;
  let log = adopted.log ?? crypto.randomUUID();
  let whole = adopted.log === null;
  // digests[i]: the digest of the first i records; `written` of them are stored as the log now has them.
  const digests = [stored.DIGEST_SEED];
  for (const [index, record] of adopted.records.entries())
    digests.push(stored.digestOf(digests[index] as number, record));
  let written = adopted.records.length;
  let changed = false;
  let [pending, rest]: (ReturnType<typeof setTimeout> | null)[] = [null, null];
  let stopped = false;

  /** Writes what changed since the last write, and with `picture` a checkpoint of the log as it shows now. */
  const write = (picture = false): void => {
    if (pending !== null) clearTimeout(pending);
    pending = null;
    const state = engine.logState;
    if (state === null || stopped || db === null || !(changed || picture)) return;
    const { store, key } = stored.BACKUP_LOCATION;
    let objects: IDBObjectStore;
    try {
      objects = db.transaction(store, "readwrite").objectStore(store);
    } catch (error) {
      // The connection closed under the page (the site's data cleared, another tab's upgrade): a new one.
      console.warn(WRITE_FAILED_WARNING, error);
      [db, whole, changed] = [null, true, true];
      void stored.openBackupDatabase().then((reopened) => {
        db = reopened;
        write();
      });
      return;
    }
    if (whole) {
      for (const range of stored.everyLogRecord()) objects.delete(range);
      if (carried !== null) objects.put(carried, stored.checkpointKey(log));
      written = 0;
    } else {
      const [expected, read] = [nonce, objects.get(key)];
      read.onsuccess = () =>
        (read.result as stored.BackupHeader | undefined)?.nonce !== expected && takeOver();
    }
    const { start, origin, position, operations } = state;
    try {
      for (; written < operations.length; written += 1) {
        const record = encodeDrawing({
          start: { kind: "white" },
          operations: [operations[written] as Operation],
        });
        digests[written + 1] = stored.digestOf(digests[written] as number, record);
        objects.put(record, stored.operationKey(log, written));
      }
    } catch (error) {
      // The tools keep within the format's caps: an operation that is not is a fault, not a visitor's doing.
      console.error("Fanvas: an operation could not be kept; the drawing backup stops here.", error);
      objects.transaction.abort();
      stopped = true;
      return;
    }
    nonce = crypto.randomUUID();
    const length = operations.length;
    objects.put({ format: 2, log, nonce, start, origin, position, length, savedAt: Date.now() }, key);
    if (picture) {
      // Its pixels as they are, not a PNG: encoding one costs the page's main thread 5-13 ms, this 2-3.
      const image = new Blob([engine.getImageData().data]);
      const digest = digests[position] as number;
      objects.put({ index: position, digest, image, encoding: "rgba" }, stored.checkpointKey(log));
      const forLog = log;
      objects.transaction.oncomplete = () => {
        if (log === forLog) checkpoint = position;
      };
    }
    objects.transaction.onabort = () => {
      console.warn(WRITE_FAILED_WARNING, objects.transaction.error);
      whole = changed = true;
    };
    objects.transaction.commit();
    [whole, changed, carried] = [false, false, null];
  };

  const takeOver = (): void => {
    [log, checkpoint, whole, changed] = [crypto.randomUUID(), null, true, true];
    write();
    scheduleCheckpoint();
  };

  const checkpointDue = (): boolean => {
    const { operations = [], position = 0 } = engine.logState ?? {};
    if (checkpoint === null || checkpoint > position) return position > 0;
    let cost = 0;
    for (let index = checkpoint; index < position && cost <= CHECKPOINT_BUDGET_MS; index += 1)
      cost += paintCost(operations[index] as Operation);
    return cost > CHECKPOINT_BUDGET_MS;
  };

  const takeCheckpoint = (): void => {
    rest = null;
    if (stopped || !checkpointDue()) return;
    if (engine.isDrawing) return scheduleCheckpoint();
    write(true);
  };

  const scheduleCheckpoint = (): void => {
    if (rest === null && !stopped && checkpointDue()) rest = setTimeout(takeCheckpoint, CHECKPOINT_REST_MS);
  };

  const stopListening = [
    engine.on("change", (change) => {
      if (change.kind === "added") {
        written = Math.min(written, change.index);
        // A checkpoint past an operation replaced (undone, then drawn over) pictures what is no longer there.
        if (checkpoint !== null && checkpoint > change.index) checkpoint = null;
      }
      changed = true;
      pending ??= setTimeout(write, WRITE_WITHIN_MS);
      scheduleCheckpoint();
    }),
    // A new first display began a new log (a remix given up for the visitor's own drawing).
    engine.on("ready", () => {
      [log, whole, carried, checkpoint] = [crypto.randomUUID(), true, null, null];
    }),
  ];
  // Going away (a reload, a closed tab, a phone switching apps), even with the pointer down: the stroke as
  // drawn is ended into the log, and what is not written yet is written now.
  const leave = (event: Event): void => {
    if (event.type === "pagehide" || document.visibilityState === "hidden") {
      engine.endStroke();
      write();
    }
  };
  document.addEventListener("visibilitychange", leave);
  window.addEventListener("pagehide", leave);
  // Operations made before the restore was done, with nothing restored: written now.
  changed = whole && (engine.logState?.operations.length ?? 0) > 0;
  write();
  scheduleCheckpoint();

  return () => {
    write();
    stopped = true;
    if (rest !== null) clearTimeout(rest);
    document.removeEventListener("visibilitychange", leave);
    window.removeEventListener("pagehide", leave);
    for (const stop of stopListening) stop();
  };
}
