/**
 * The drawing's backup in IndexedDB: a header saying which log is the backup, one record per write holding the
 * operations it added and how much of the log makes the picture, and a checkpoint picture to restore from quickly
 * (decision 0024).
 */
import type { IDBPDatabase } from "idb";
import type { StartingPicture } from "../../common/drawing-document/types.ts";
import { openStoreDatabase } from "./idb.ts";

/** Where the backup lives (exported so end-to-end tests can look at the records themselves). */
export const BACKUP_LOCATION = { database: "fanvas", version: 1, store: "backup", key: "drawing" } as const;

/**
 * The header, under BACKUP_LOCATION.key, written when a log begins. Format 2 (one record per operation, and how
 * much of the log makes the picture here) is still read; its checkpoint may picture operations since replaced
 * (its writer left that to a digest), so it is used only where nothing else holds the picture (a start of null).
 */
export interface BackupHeader {
  readonly format: 2 | 3;
  /** The log's id: its records are keyed by it (a new drawing, or a tab taking the backup over, takes a new one). */
  readonly log: string;
  /** The log's start; null when it is a picture kept without its making (a backup from before logs). */
  readonly start: StartingPicture | null;
  /** When the log began, ms since the epoch. */
  readonly origin: number;
  readonly savedAt: number;
  readonly position?: number;
  readonly length?: number;
}

/** The operations one write added from index `from` (each encoded as a log of one), and the log after it. */
export interface WriteRecord {
  readonly from: number;
  readonly operations: readonly Uint8Array[];
  /** How many operations make the picture, and how many the log holds. */
  readonly position: number;
  readonly length: number;
}

/** A picture of the log's first `index` operations. */
export interface CheckpointRecord {
  readonly index: number;
  /** The 600 x 600 picture's RGBA bytes. */
  readonly image: Blob;
}

/** A backup written before the drawing was kept as a log: its PNG alone. */
export interface PictureBackup {
  readonly blob: Blob;
  readonly savedAt: number;
}

/** The key of the log's checkpoint, and of its write record from operation `index` on. */
export const checkpointKey = (log: string): IDBValidKey => ["checkpoint", log];
export const operationKey = (log: string, index: number): IDBValidKey => ["op", log, index];

/**
 * Every operation record and every checkpoint, of any log: what a tab taking the backup over deletes. Their keys
 * are arrays, which IndexedDB orders after every string key (the header's, the open edit's).
 */
export const everyLogRecord = (): IDBKeyRange => IDBKeyRange.lowerBound([]);

/** The records of `log` keyed from `from` (excluded with `open`) up to `end` (excluded). */
export const operationRange = (log: string, from: number, end: number, open = false): IDBKeyRange =>
  IDBKeyRange.bound(operationKey(log, from), operationKey(log, end), open, true);

/** The stored header as one, a picture from before logs, or null for anything else (nothing, or unknown). */
export function parseHeader(value: unknown): BackupHeader | PictureBackup | null {
  if (typeof value !== "object" || value === null) return null;
  const record = value as Record<string, unknown>;
  if (record.blob instanceof Blob && typeof record.savedAt === "number")
    return { blob: record.blob, savedAt: record.savedAt };
  if ((record.format !== 2 && record.format !== 3) || typeof record.log !== "string") return null;
  const counts = record.format === 2 ? [record.origin, record.position, record.length] : [record.origin];
  if (!counts.every(Number.isSafeInteger) || (record.position as number) > (record.length as number))
    return null;
  return record as unknown as BackupHeader;
}

/** Opens the backup's database; null, after a console warning, where the browser has no usable IndexedDB. */
export const openBackupDatabase = (): Promise<IDBPDatabase | null> =>
  openStoreDatabase(BACKUP_LOCATION, (reason) =>
    console.warn(`Fanvas: drawings will not survive a reload here (IndexedDB is unavailable: ${reason}).`),
  );
