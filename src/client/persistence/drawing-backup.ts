/** Keeps the visitor's drawing in the browser as they draw and brings it back on load. */
import type { IDBPDatabase } from "idb";
import { CANVAS_SIZE } from "../../common/constants.ts";
import { decodeDrawing } from "../../common/drawing-document/decode.ts";
import { knownStickers } from "../../common/drawing-document/known-stickers.ts";
import type { Operation } from "../../common/drawing-document/types.ts";
import type { DrawingEngine } from "../engine/drawing-engine.ts";
import type { SavedLog } from "../engine/picture.ts";
import { showStart } from "../remix/first-display.ts";
import { backupMayReplaceRemix } from "../remix/remix-base.ts";
import { communityStickers } from "../tools/stickers/community-stickers.ts";
import * as stored from "./backup-store.ts";
import { type Adopted, startBackupWriter } from "./backup-writer.ts";

// What the tools' backup of an open caption or sticker shares with this one: it loads this chunk for them, so
// the bundler makes no chunk of its own for the shared modules (each chunk costs the first bundle its name).
export { BACKUP_LOCATION } from "./backup-store.ts";
export { openStoreDatabase, writeStore } from "./idb.ts";

/**
 * How the restore attempt on load ended: the saved drawing is on the canvas; no backup here (or the visitor chose a
 * remix over it); one that could not be read or drawn (kept until the visitor's next change); no IndexedDB here.
 */
export type RestoreOutcome = "restored" | "none" | "unreadable" | "unavailable";

/** Options of the backup: told once the restore attempt ended; the mascot a log from it starts on (else white). */
export interface DrawingBackupOptions {
  readonly onRestoreSettled?: (outcome: RestoreOutcome) => void;
  readonly mascot?: Promise<CanvasImageSource | null>;
}

/** A backup as read: the log to restore (with its checkpoint's picture if usable), what the writer carries on. */
interface Found {
  readonly saved: SavedLog & {
    readonly picture: { readonly index: number; readonly image: ImageBitmap } | null;
  };
  readonly adopted: Adopted | null;
}

/**
 * Starts the backup of `engine`'s drawing; returns a function that stops it. Reading starts at once, alongside
 * the first display's load; the restore waits for the engine's first display ('ready') and replaces it with the
 * saved log (its start, its checkpoint picture, the operations after it); then the writer follows the visitor's
 * changes (backup-writer.ts). What the visitor did before the restore was done is painted again on top.
 */
export function startDrawingBackup(engine: DrawingEngine, options: DrawingBackupOptions = {}): () => void {
  let stopped = false;
  let stopWriter: (() => void) | null = null;
  const database = stored.openBackupDatabase();

  void (async () => {
    const db = await database;
    const found = db === null ? "unavailable" : await readBackup(db);
    await firstDisplay(engine);
    const early = engine.logState;
    let outcome: RestoreOutcome = typeof found === "string" ? found : "none";
    let adopted: Adopted | null = null;
    if (!stopped && typeof found !== "string" && backupMayReplaceRemix(found.saved.start)) {
      const { saved } = found;
      if (saved.start !== null) await showStart(engine, saved.start, options.mascot ?? Promise.resolve(null));
      [outcome, adopted] = (await engine.restore(saved)) ? ["restored", found.adopted] : ["unreadable", null];
    }
    if (typeof found !== "string") found.saved.picture?.image.close();
    if (stopped || db === null) return options.onRestoreSettled?.(outcome);
    stopWriter = startBackupWriter(engine, db, adopted);
    if (outcome === "restored" && early !== null)
      reapply(engine, early.operations.slice(0, early.position), early.origin);
    options.onRestoreSettled?.(outcome);
  })().catch((error: unknown) => {
    console.warn("Fanvas: the drawing backup could not start; the page works without it.", error);
    options.onRestoreSettled?.("unavailable");
  });

  return () => {
    stopped = true;
    stopWriter?.();
    void database.then((db) => db?.close());
  };
}

/** Reads the backup and decodes it; never rejects (a backup that cannot be read is "unreadable", and kept). */
async function readBackup(db: IDBPDatabase): Promise<Found | "none" | "unreadable"> {
  const { store, key } = stored.BACKUP_LOCATION;
  try {
    const header = stored.parseHeader(await db.get(store, key));
    if (header === null) return "none";
    if ("blob" in header) {
      // A backup from before logs: its PNG alone, with no known start (a new log keeps it as its checkpoint).
      const picture = { index: 0, image: await createImageBitmap(header.blob) };
      return {
        saved: { start: null, origin: header.savedAt, operations: [], position: 0, picture },
        adopted: null,
      };
    }
    const { log, format, start, origin } = header;
    const range = stored.operationRange(log, 0, format === 2 ? (header.length ?? 0) : Infinity);
    const values: unknown[] = await db.getAll(store, range);
    // Format 2 kept one operation a record, in order; format 3 a write's operations from its `from` on, a later
    // write's overriding those of an earlier one it replaced, and the log's length and position after it.
    let [records, { position = 0, length = 0 }]: [Uint8Array[], Partial<stored.WriteRecord>] = [[], header];
    for (const [index, value] of values.entries()) {
      if (value instanceof Uint8Array) records[index] = value;
      else {
        const write = value as stored.WriteRecord;
        for (const [offset, record] of write.operations.entries()) records[write.from + offset] = record;
        ({ position, length } = write);
      }
    }
    records = records.slice(0, length).filter((record) => record instanceof Uint8Array);
    if (records.length !== length || position > length)
      throw new Error(`it holds ${records.length} of ${length} operations`);
    const decode = { stickers: knownStickers(await communityStickers()) };
    const operations = records.map((record) => decodeDrawing(record, decode).operations[0] as Operation);
    const kept: stored.CheckpointRecord | undefined = await db.get(store, stored.checkpointKey(log));
    const usable = kept !== undefined && kept.index <= position && (format === 3 || start === null);
    const picture = usable ? await pictureOf(kept).catch(() => null) : null;
    // A format 2 log is written again whole, as format 3, under a new id: its checkpoint goes with it.
    const adopted = format === 3 ? { log, length, checkpoint: picture?.index ?? null } : null;
    return { saved: { start, origin, operations, position, picture }, adopted };
  } catch (error) {
    console.warn(
      "Fanvas: the drawing backup could not be read; it is kept, and the page starts fresh.",
      error,
    );
    return "unreadable";
  }
}

/** A checkpoint's picture, ready to paint. */
async function pictureOf({ index, image }: stored.CheckpointRecord): Promise<Found["saved"]["picture"]> {
  const pixels = new Uint8ClampedArray(await image.arrayBuffer());
  return { index, image: await createImageBitmap(new ImageData(pixels, CANVAS_SIZE, CANVAS_SIZE)) };
}

/** Paints `operations` (made before the restore, their times from `origin`) again over the restored log. */
function reapply(engine: DrawingEngine, operations: readonly Operation[], origin: number): void {
  const shift = origin - (engine.logState?.origin ?? origin);
  for (const operation of operations)
    engine.applyOperation({ ...operation, time: Math.max(0, operation.time + shift) }).catch(() => undefined);
}

/** Resolves when the engine has painted its first display (mascot, remix or white). */
const firstDisplay = (engine: DrawingEngine): Promise<unknown> =>
  engine.isReady
    ? Promise.resolve()
    : new Promise((resolve) => {
        const stop = engine.on("ready", () => resolve(stop()));
      });
