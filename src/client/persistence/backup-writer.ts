/** Writes the drawing's log to the backup as it is made: each change at most a second later. */
import { encodeDrawing } from "../../common/drawing-document/encode.ts";
import type { Operation } from "../../common/drawing-document/types.ts";
import type { DrawingEngine } from "../engine/drawing-engine.ts";
import * as stored from "./backup-store.ts";
import { writeStore } from "./idb.ts";

/** What the writer carries on from a restore. */
export interface Adopted {
  /** The restored log's id and last header's nonce; null: a new log (nothing restored, or a picture alone). */
  readonly log: string | null;
  readonly nonce: string | null;
  /** The restored operations' records, in order. */
  readonly records: readonly Uint8Array[];
  /** The index of the log's stored checkpoint, if any. */
  readonly checkpoint: number | null;
  /** A checkpoint a new log writes under its own id (a picture kept from before logs). */
  readonly carried: stored.CheckpointRecord | null;
}

/** Logged with the error when a write fails; the next change writes the whole log again. */
export const WRITE_FAILED_WARNING =
  "Fanvas: the drawing backup could not be written; the next change tries again.";

/**
 * While the page is shown, changes wait at most this long and are then written together in one transaction
 * (a transaction costs the page's main thread about 0.15 ms whatever it holds); hiding or leaving the page
 * writes them at once.
 */
export const WRITE_WITHIN_MS = 1000;

/** A checkpoint that is due waits until the visitor has rested this long (no change, no stroke being drawn). */
export const CHECKPOINT_REST_MS = 400;

/** How long painting the operations after the checkpoint may take (ms, roughly) before a new one is due. */
export const CHECKPOINT_BUDGET_MS = 40;

/**
 * A rough cost of bringing an operation back on a reload, ms: painting it again (strokes by their points; a fill
 * reads the pixels) and its share of the undo history's copies of the picture the restore takes on the way (one
 * every ten operations, a few ms each where the canvas is drawn on the CPU). Measured on the page bench's
 * 1,000-stroke drawing, a hundred short strokes past the checkpoint took 65-90 ms to restore.
 */
const paintCost = (operation: Operation): number =>
  operation.kind === "stroke"
    ? 0.6 + operation.points.x.length * 0.003
    : operation.kind === "fill"
      ? 6.6
      : 1.6;

/** One operation's record: a log of just it (a stroke of 100 points is about 250 bytes). */
const recordOf = (operation: Operation): Uint8Array =>
  encodeDrawing({ start: { kind: "white" }, operations: [operation] });

/**
 * Keeps `engine`'s log in the backup from now on (docs/decisions/0024). The operations added since the last
 * write, and the header (undo and redo move its position), are written in one transaction at most
 * WRITE_WITHIN_MS after the first of them, and at once, committed in the same task, when the page is hidden or
 * goes (`visibilitychange`, `pagehide`), so a reload, a closed tab or a killed page right after a change keeps
 * it. A checkpoint picture is taken once the visitor rests, when painting what follows the last one would take
 * too long. A tab that finds another wrote since its last write takes the backup over with a log id of its own,
 * written whole: the last change wins.
 */
export function startBackupWriter(engine: DrawingEngine, opened: IDBDatabase, adopted: Adopted): () => void {
  let db: IDBDatabase | null = opened;
  let log = adopted.log ?? crypto.randomUUID();
  let nonce = adopted.nonce;
  let whole = adopted.log === null;
  let carried = adopted.carried;
  let checkpoint = adopted.checkpoint;
  // records[i]: operation i's record; digests[i], costs[i]: the digest and paint cost of the first i.
  const records: Uint8Array[] = [];
  // The first record not written yet (records.length: none), and whether the header changed since the last write.
  let unwritten = 0;
  let changed = false;
  const digests = [stored.DIGEST_SEED];
  const costs = [0];
  const remember = (index: number, operation: Operation, record: Uint8Array): void => {
    records.length = index;
    records.push(record);
    unwritten = Math.min(unwritten, index);
    digests.length = costs.length = index + 1;
    digests.push(stored.digestOf(digests[index] as number, record));
    costs.push((costs[index] as number) + paintCost(operation));
  };
  const operations = engine.logState?.operations ?? [];
  for (const [index, record] of adopted.records.entries())
    remember(index, operations[index] as Operation, record);
  unwritten = records.length;
  let rest: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  let pending: ReturnType<typeof setTimeout> | null = null;

  const write = (): void => {
    if (pending !== null) clearTimeout(pending);
    pending = null;
    const state = engine.logState;
    if (state === null || stopped || db === null || !changed) return;
    const { store, key } = stored.BACKUP_LOCATION;
    let objects: IDBObjectStore;
    try {
      objects = db.transaction(store, "readwrite").objectStore(store);
    } catch (error) {
      // The connection closed under the page (the site's data cleared, another tab's upgrade): a new one.
      console.warn(WRITE_FAILED_WARNING, error);
      db = null;
      whole = true;
      void stored.openBackupDatabase().then((reopened) => {
        db = reopened;
        write();
      });
      return;
    }
    const { start, origin, position } = state;
    const header: stored.BackupHeader = {
      format: 2,
      log,
      nonce: crypto.randomUUID(),
      start,
      origin,
      position,
      length: state.operations.length,
      savedAt: Date.now(),
    };
    if (whole) {
      for (const range of stored.everyLogRecord()) objects.delete(range);
      for (const [index, record] of records.entries()) objects.put(record, stored.operationKey(log, index));
      if (carried !== null) objects.put(carried, stored.checkpointKey(log));
    } else {
      const expected = nonce;
      const read = objects.get(key);
      read.onsuccess = () =>
        (stored.parseHeader(read.result) as stored.BackupHeader | null)?.nonce !== expected && takeOver();
      for (let index = unwritten; index < state.operations.length; index += 1)
        objects.put(records[index], stored.operationKey(log, index));
    }
    objects.put(header, key);
    objects.transaction.onabort = () => {
      console.warn(WRITE_FAILED_WARNING, objects.transaction.error);
      whole = changed = true;
    };
    objects.transaction.commit();
    nonce = header.nonce;
    whole = changed = false;
    carried = null;
    unwritten = records.length;
  };

  const takeOver = (): void => {
    log = crypto.randomUUID();
    checkpoint = null;
    whole = changed = true;
    write();
    scheduleCheckpoint();
  };

  const checkpointDue = (): boolean => {
    const position = engine.logState?.position ?? 0;
    if (checkpoint === null || checkpoint > position) return position > 0;
    return (costs[position] as number) - (costs[checkpoint] as number) > CHECKPOINT_BUDGET_MS;
  };

  const takeCheckpoint = (): void => {
    rest = null;
    if (stopped || !checkpointDue()) return;
    if (engine.isDrawing) {
      scheduleCheckpoint();
      return;
    }
    // The records the checkpoint pictures go first (a transaction of its own, committed before the picture's).
    write();
    const [index, forLog] = [engine.logState?.position ?? 0, log];
    // Its pixels as they are, not a PNG: encoding one costs the page's main thread 5-13 ms, this 2-3.
    const image = new Blob([engine.getImageData().data]);
    const record: stored.CheckpointRecord = {
      index,
      digest: digests[index] as number,
      image,
      encoding: "rgba",
    };
    if (db === null) return;
    writeStore(db, stored.BACKUP_LOCATION.store, (records) =>
      records.put(record, stored.checkpointKey(log)),
    ).then(
      () => {
        if (log === forLog) checkpoint = index;
        scheduleCheckpoint();
      },
      (error: unknown) => console.warn(WRITE_FAILED_WARNING, error),
    );
  };

  const scheduleCheckpoint = (): void => {
    if (rest === null && !stopped && checkpointDue()) rest = setTimeout(takeCheckpoint, CHECKPOINT_REST_MS);
  };

  const stopListening = [
    engine.on("change", (change) => {
      if (change.kind === "added") {
        let record: Uint8Array;
        try {
          record = recordOf(change.operation);
        } catch (error) {
          // The tools keep within the format's caps: an operation that is not is a fault, not a visitor's doing.
          console.error("Fanvas: an operation could not be kept; the drawing backup stops here.", error);
          stopped = true;
          return;
        }
        remember(change.index, change.operation, record);
      }
      changed = true;
      pending ??= setTimeout(write, WRITE_WITHIN_MS);
      scheduleCheckpoint();
    }),
    // A new first display began a new log (a remix given up for the visitor's own drawing).
    engine.on("ready", () => {
      [log, whole, carried, checkpoint] = [crypto.randomUUID(), true, null, null];
      records.length = 0;
      digests.length = costs.length = 1;
    }),
  ];
  // Going away (a reload, a closed tab, a phone switching apps), even with the pointer down: the stroke as
  // drawn is ended into the log, and what is not written yet is written now.
  const keepStroke = (): void => {
    if (document.visibilityState === "hidden") endStroke();
  };
  const endStroke = (): void => {
    engine.endStroke();
    write();
  };
  document.addEventListener("visibilitychange", keepStroke);
  window.addEventListener("pagehide", endStroke);
  // Operations made before the restore was done, with nothing restored: written now.
  if (whole && operations.length > 0) {
    for (const [index, operation] of operations.entries()) remember(index, operation, recordOf(operation));
    changed = true;
    write();
  }
  scheduleCheckpoint();

  return () => {
    write();
    stopped = true;
    if (rest !== null) clearTimeout(rest);
    document.removeEventListener("visibilitychange", keepStroke);
    window.removeEventListener("pagehide", endStroke);
    for (const stop of stopListening) stop();
  };
}
