/** Writes the drawing's log to the backup as it is made: each change at most a second later (decision 0024). */
import { type IDBPDatabase, unwrap } from "idb";
import { encodeDrawing } from "../../common/drawing-document/encode.ts";
import type { Operation } from "../../common/drawing-document/types.ts";
import type { DrawingEngine } from "../engine/drawing-engine.ts";
import * as stored from "./backup-store.ts";

/** What the writer carries on from a restored log: its id, its length, its checkpoint's index. */
export interface Adopted {
  readonly log: string;
  readonly length: number;
  readonly checkpoint: number | null;
}

/** Logged with the error when a write fails; the next change writes the whole log again. */
export const WRITE_FAILED_WARNING =
  "Fanvas: the drawing backup could not be written; the next change tries again.";

/**
 * While the page is shown, changes wait at most this long and are then written together in one transaction; a
 * checkpoint that is due follows that write.
 */
export const WRITE_WITHIN_MS = 1000;

/**
 * A checkpoint is due when painting the operations after the last one would take longer than this (ms, roughly:
 * a stroke 0.6 ms and 3 µs a point, a fill 6.6, anything else 1.6, with their share of the undo history's copies a
 * restore takes on the way, measured on the page bench's 1,000-stroke drawing).
 */
const CHECKPOINT_BUDGET_MS = 40;
const paintCost = (operation: Operation): number =>
  operation.kind === "stroke"
    ? 0.6 + operation.points.x.length * 0.003
    : operation.kind === "fill"
      ? 6.6
      : 1.6;

const WHITE = { kind: "white" } as const;
let pixelReader: Worker | null | undefined;

/**
 * The picture's RGBA bytes as they are now: a bitmap taken at once, its pixels read in a worker (read here, where
 * the browser has no worker, a read-back and copy costs the main thread 3-9 ms).
 */
async function pixelsOf(engine: DrawingEngine): Promise<Blob> {
  pixelReader ??=
    typeof Worker === "function"
      ? new Worker(new URL("./checkpoint-pixels.worker.ts", import.meta.url), { type: "module" })
      : null;
  if (pixelReader === null) return new Blob([engine.getImageData().data]);
  const [reader, reply, bitmap] = [pixelReader, new MessageChannel(), await engine.bitmap()];
  return new Promise((resolve, reject) => {
    // A worker that cannot read it (no OffscreenCanvas) leaves this checkpoint untaken; the next is read here.
    reader.onerror = (error) => {
      pixelReader = null;
      reject(error);
    };
    reply.port1.onmessage = ({ data }: MessageEvent<Blob>) => resolve(data);
    reader.postMessage(bitmap, [bitmap, reply.port2]);
  });
}

/**
 * Keeps `engine`'s log in the backup from now on (`adopted`: a restored log it carries on; null: a new log). The
 * operations added since the last write are encoded (a log of one operation each) and put as one record with the
 * log's position (undo and redo move it) and length, at most WRITE_WITHIN_MS after the first of them, and at once,
 * committed in the same task, when the page is hidden or goes: a reload, a closed tab or a killed page right after
 * a change keeps it. A checkpoint picture that is due follows a timed write in a transaction of its own. After
 * another tab wrote, this tab's next change takes the backup over with a log id of its own, written whole: the
 * last change wins.
 */
export function startBackupWriter(
  engine: DrawingEngine,
  opened: IDBPDatabase,
  adopted: Adopted | null,
): () => void {
  let db: IDBPDatabase | null = opened;
  let log = adopted?.log ?? crypto.randomUUID();
  // How many operations are stored as the log has them; null while not even its header is (a new log).
  let written = adopted?.length ?? null;
  let checkpoint = adopted?.checkpoint ?? null;
  // Whether records after the next write's may be stored: a write's record is the log's last, so only operations
  // replaced since (undone, then drawn over) leave any. An adopted log's first write deletes them all the same.
  let replaced = true;
  // Whether this tab's log has been written since it began or another tab wrote (which it then tells them).
  let [changed, claimed, stopped] = [false, false, false];
  let pending: ReturnType<typeof setTimeout> | null = null;
  /** The next write starts a new log, written whole. */
  const afresh = (): void => {
    [log, written, checkpoint, claimed] = [crypto.randomUUID(), null, null, false];
  };
  /** A write failed (and whatever it held is lost): the next change writes the whole log again. */
  const failed = (error: unknown): void => {
    console.warn(WRITE_FAILED_WARNING, error);
    changed = true;
    afresh();
  };
  const tabs = new BroadcastChannel(stored.BACKUP_LOCATION.database);
  tabs.onmessage = afresh;
  const { store, key } = stored.BACKUP_LOCATION;

  /**
   * A read-write transaction's store, or null (and a new connection on its way) when the connection closed. The
   * store itself, not idb's wrapper: its requests are made and committed in one task, and a promise for each would
   * reject unheard when the write fails (the transaction's abort tells that once).
   */
  const records = (): IDBObjectStore | null => {
    try {
      return db === null ? null : unwrap(db).transaction(store, "readwrite").objectStore(store);
    } catch (error) {
      // The connection closed under the page (the site's data cleared, another tab's upgrade): a new one.
      failed(error);
      db = null;
      void stored.openBackupDatabase().then((reopened) => {
        db = reopened;
        write();
      });
      return null;
    }
  };

  /** Writes what changed since the last write; a timed write (`timed`) then takes a checkpoint that is due. */
  const write = (timed = false): void => {
    if (pending !== null) clearTimeout(pending);
    pending = null;
    const state = engine.logState;
    // A stroke being drawn would be in the picture: its end is a change, whose write takes the checkpoint.
    const picture = timed && !engine.isDrawing && checkpointDue();
    if (state === null || stopped || db === null || !(changed || picture)) return;
    const { start, origin, position, operations } = state;
    const from = written ?? 0;
    let encoded: Uint8Array[];
    try {
      encoded = operations
        .slice(from)
        .map((operation) => encodeDrawing({ start: WHITE, operations: [operation] }));
    } catch (error) {
      // The tools keep within the format's caps: an operation that is not is a fault, not a visitor's doing.
      console.error("Fanvas: an operation could not be kept; the drawing backup stops here.", error);
      stopped = true;
      return;
    }
    const objects = records();
    if (objects === null) return;
    // A write's record is the log's last: any after it hold operations replaced (undone, then drawn over), and a
    // new log replaces every log's records. A request costs the page's main thread about 0.05 ms to make and as
    // much for its success event, so a write that replaces nothing deletes nothing.
    if (written === null) objects.delete(stored.everyLogRecord());
    else if (replaced) objects.delete(stored.operationRange(log, from, Infinity, true));
    if (written === null) objects.put({ format: 3, log, start, origin, savedAt: Date.now() }, key);
    else if (checkpoint !== null && written < checkpoint) {
      // A picture of a replaced operation no longer holds.
      objects.delete(stored.checkpointKey(log));
      checkpoint = null;
    }
    // The first write since another tab's tells the others that this tab has the backup now (a message a write
    // would cost the page about 0.02 ms a stroke).
    if (!claimed) tabs.postMessage(log);
    // All a write adds is one record: a put costs the page more than the bytes it holds.
    const record: stored.WriteRecord = { from, operations: encoded, position, length: operations.length };
    objects.put(record, stored.operationKey(log, from));
    // A log from a picture alone (a backup from before logs) keeps that picture as its first checkpoint, in this
    // transaction: the header this one replaces held it.
    if (start === null && checkpoint === null) {
      objects.put(
        { index: position, image: new Blob([engine.getImageData().data]) },
        stored.checkpointKey(log),
      );
      checkpoint = position;
    } else if (picture) void takeCheckpoint(position);
    objects.transaction.onabort = () => failed(objects.transaction.error);
    objects.transaction.commit();
    [written, changed, claimed, replaced] = [operations.length, false, true, false];
  };

  /** Stores a picture of the log's first `index` operations as they are now, unless one is replaced meanwhile. */
  const takeCheckpoint = async (index: number): Promise<void> => {
    const [forLog, last] = [log, engine.logState?.operations[index - 1]];
    const image = await pixelsOf(engine).catch(() => null);
    // An operation replaced meanwhile (the log truncates, then records the new one) leaves another object there.
    const pictures = log === forLog && engine.logState?.operations[index - 1] === last;
    if (image === null || stopped || !pictures) return;
    const objects = records();
    objects?.put({ index, image }, stored.checkpointKey(log));
    objects?.transaction.commit();
    if (objects !== null) checkpoint = index;
  };

  /** Whether a checkpoint is due: none yet, undo went below it, or painting what follows it costs too much. */
  const checkpointDue = (): boolean => {
    const { operations = [], position = 0 } = engine.logState ?? {};
    if (checkpoint === null || checkpoint > position) return position > 0;
    let cost = 0;
    for (let index = checkpoint; index < position && cost <= CHECKPOINT_BUDGET_MS; index += 1)
      cost += paintCost(operations[index] as Operation);
    return cost > CHECKPOINT_BUDGET_MS;
  };

  const stopListening = [
    engine.on("change", (change) => {
      if (change.kind === "added" && written !== null && change.index < written) {
        // Operations from change.index on are replaced (undone, then drawn over): written again.
        written = change.index;
        replaced = true;
      }
      changed = true;
      pending ??= setTimeout(write, WRITE_WITHIN_MS, true);
    }),
    // A new first display began a new log (a remix given up for the visitor's own drawing).
    engine.on("ready", afresh),
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
  // Operations made before the restore was done, with nothing restored: written now; a checkpoint due, soon.
  changed = written === null && (engine.logState?.operations.length ?? 0) > 0;
  write();
  pending = setTimeout(write, WRITE_WITHIN_MS, true);

  return () => {
    write();
    stopped = true;
    tabs.close();
    document.removeEventListener("visibilitychange", leave);
    window.removeEventListener("pagehide", leave);
    for (const stop of stopListening) stop();
  };
}
