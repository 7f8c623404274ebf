/** Keeps the visitor's drawing in the browser as they draw and brings it back on load. */
import { CANVAS_SIZE } from "../../common/constants.ts";
import { decodeDrawing } from "../../common/drawing-document/decode.ts";
import { knownStickers } from "../../common/drawing-document/known-stickers.ts";
import type { Operation } from "../../common/drawing-document/types.ts";
import type { DrawingEngine } from "../engine/drawing-engine.ts";
import { showStart } from "../remix/first-display.ts";
import { backupMayReplaceRemix } from "../remix/remix-base.ts";
import { communityStickers } from "../tools/stickers/community-stickers.ts";
import * as stored from "./backup-store.ts";
import { type Adopted, startBackupWriter } from "./backup-writer.ts";
import { readStore } from "./idb.ts";

// What the tools' backup of an open caption or sticker shares with this one: it loads this chunk for them, so
// the bundler makes no chunk of its own for the shared modules (each chunk costs the first bundle its name).
export { BACKUP_LOCATION } from "./backup-store.ts";
export { openStoreDatabase, readStore, writeStore } from "./idb.ts";

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

/** A backup as read: its header, its operations and their records, and its checkpoint's picture if usable. */
interface Found {
  readonly header: stored.BackupHeader;
  readonly operations: Operation[];
  readonly records: Uint8Array[];
  readonly checkpoint: { readonly index: number; readonly image: ImageBitmap } | null;
  /** A picture from before logs, which a new log carries on as its checkpoint. */
  readonly carried: stored.CheckpointRecord | null;
}

/**
 * Starts the backup of `engine`'s drawing; returns a function that stops it. Reading starts at once, alongside
 * the first display's load; the restore waits for the engine's first display ('ready') and replaces it with
 * the saved log (its start, its checkpoint picture, the operations after it); from then on the writer follows
 * the visitor's changes (backup-writer.ts). Operations made before the restore was done are painted again on
 * top of what it brought back.
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
    let adopted: Adopted = { log: null, nonce: null, records: [], checkpoint: null, carried: null };
    if (!stopped && typeof found !== "string" && backupMayReplaceRemix(found.header.start)) {
      const { header, operations, records, checkpoint, carried } = found;
      if (header.start !== null)
        await showStart(engine, header.start, options.mascot ?? Promise.resolve(null));
      outcome = (await engine.restore({ ...header, operations, picture: checkpoint }))
        ? "restored"
        : "unreadable";
      // The log is carried on under its id; a picture from before logs begins a new log that keeps it.
      const log = carried === null ? header.log : null;
      if (outcome === "restored")
        adopted = { log, nonce: header.nonce, records, checkpoint: checkpoint?.index ?? null, carried };
    }
    if (typeof found !== "string") found.checkpoint?.image.close();
    if (stopped || db === null) return options.onRestoreSettled?.(outcome);
    stopWriter = startBackupWriter(engine, db, adopted);
    // What the visitor did before the restore was done goes on top of what it brought back.
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
async function readBackup(db: IDBDatabase): Promise<Found | "none" | "unreadable"> {
  const read = (request: (records: IDBObjectStore) => IDBRequest): Promise<unknown> =>
    readStore(db, stored.BACKUP_LOCATION.store, request);
  try {
    const header = stored.parseHeader(await read((records) => records.get(stored.BACKUP_LOCATION.key)));
    if (header === null) return "none";
    if ("blob" in header) {
      // A backup from before logs: its picture alone, with no operations and no known start.
      const carried = { index: 0, digest: stored.DIGEST_SEED, image: header.blob, encoding: "png" } as const;
      const { savedAt } = header;
      const log = {
        format: 2,
        log: "",
        nonce: "",
        start: null,
        origin: savedAt,
        position: 0,
        length: 0,
        savedAt,
      } as const;
      const checkpoint = { index: 0, image: await pictureOf(carried) };
      return { header: log, operations: [], records: [], checkpoint, carried };
    }
    const values = await read((records) => records.getAll(stored.operationRange(header.log, header.length)));
    const records = (values as unknown[]).filter((value): value is Uint8Array => value instanceof Uint8Array);
    if (records.length !== header.length)
      throw new Error(`it holds ${records.length} of ${header.length} operations`);
    const decode = { stickers: knownStickers(await communityStickers()) };
    const operations = records.map((record) => decodeDrawing(record, decode).operations[0] as Operation);
    const kept = (await read((records) => records.get(stored.checkpointKey(header.log)))) as
      | stored.CheckpointRecord
      | undefined;
    // A checkpoint is used only over the very records it was taken after (another tab may have written since).
    const usable =
      kept !== undefined &&
      kept.index <= header.position &&
      records.slice(0, kept.index).reduce(stored.digestOf, stored.DIGEST_SEED) === kept.digest;
    const image = usable ? await pictureOf(kept).catch(() => null) : null;
    const checkpoint = image && kept ? { index: kept.index, image } : null;
    return { header, operations, records, checkpoint, carried: null };
  } catch (error) {
    console.warn(
      "Fanvas: the drawing backup could not be read; it is kept, and the page starts fresh.",
      error,
    );
    return "unreadable";
  }
}

/** A checkpoint's picture, ready to paint. */
async function pictureOf({ image, encoding }: stored.CheckpointRecord): Promise<ImageBitmap> {
  if (encoding === "png") return createImageBitmap(image);
  const pixels = new Uint8ClampedArray(await image.arrayBuffer());
  return createImageBitmap(new ImageData(pixels, CANVAS_SIZE, CANVAS_SIZE));
}

/** Paints `operations` (made before the restore, their times from `origin`) again over the restored log. */
function reapply(engine: DrawingEngine, operations: readonly Operation[], origin: number): void {
  const shift = origin - (engine.logState?.origin ?? origin);
  for (const operation of operations)
    engine.applyOperation({ ...operation, time: Math.max(0, operation.time + shift) }).catch(() => undefined);
}

/** Resolves when the engine has painted its first display (mascot, remix or white). */
function firstDisplay(engine: DrawingEngine): Promise<void> {
  if (engine.isReady) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = engine.on("ready", () => {
      stop();
      resolve();
    });
  });
}
