/** The drawing backup in IndexedDB: one record under one key, replaced on each write. */
import { openStoreDatabase, readStore, writeStore } from "./idb.ts";

/**
 * What is kept: the 600 x 600 drawing, when it was written (ms since the epoch) and the drawing it remixes
 * (null for none), so a reload of that remix restores it over the remix without asking. The drawing is a PNG
 * (the worker's writes), or its raw pixels where the page had to write at once, with no time to encode
 * (writeAtOnce); stored as `blob` or `pixels`.
 */
export interface DrawingBackup {
  readonly image: Blob | ImageData;
  readonly savedAt: number;
  readonly remixOf: string | null;
}

/** An open backup database. */
export interface BackupStore {
  /** The stored backup; null when there is none or the record is not a backup. */
  read(): Promise<DrawingBackup | null>;
  /**
   * Replaces the backup unless the stored one was written later (a write the page made at once as it was
   * hidden, while this one was on its way); resolves once the transaction has committed.
   */
  write(backup: DrawingBackup): Promise<void>;
  /**
   * Replaces the backup in a transaction asked to commit before this returns, so it lands even when the page
   * is unloaded or killed straight after (nothing waits for an answer: a failure is only warned about).
   */
  writeAtOnce(backup: DrawingBackup): void;
  /** Closes the connection once running transactions finish. */
  close(): void;
}

/** Logged with the error when the page's write as it is hidden fails. */
export const AT_ONCE_FAILED_WARNING =
  "Fanvas: the drawing backup could not be written as the page was hidden.";

/** Where the backup lives (exported so end-to-end tests can look at the record itself). */
export const BACKUP_LOCATION = { database: "fanvas", version: 1, store: "backup", key: "drawing" } as const;

/** The record as a backup; one written before remixes were kept has no remixOf: it remixes nothing. */
function asBackup(value: unknown): DrawingBackup | null {
  if (typeof value !== "object" || value === null) return null;
  const record = value as Record<string, unknown>;
  const image = record.blob instanceof Blob ? record.blob : record.pixels;
  if (!(image instanceof Blob || image instanceof ImageData) || typeof record.savedAt !== "number")
    return null;
  const remixOf = typeof record.remixOf === "string" ? record.remixOf : null;
  return { image, savedAt: record.savedAt, remixOf };
}

/** The backup as it is stored: a PNG as `blob`, raw pixels as `pixels`. */
function asRecord({ image, savedAt, remixOf }: DrawingBackup): Record<string, unknown> {
  return image instanceof Blob ? { blob: image, savedAt, remixOf } : { pixels: image, savedAt, remixOf };
}

/**
 * Opens (creating on first use) the backup database, on the page or in the backup's worker. Resolves null
 * where the browser has no usable IndexedDB (some private modes, blocked storage), after handing the reason to
 * `unavailable`, by default a console warning: the page then simply works without a backup.
 */
export async function openBackupStore(
  unavailable: (reason: string) => void = warnUnavailable,
): Promise<BackupStore | null> {
  const db = await openStoreDatabase(BACKUP_LOCATION, unavailable);
  if (db === null) return null;
  const { store, key } = BACKUP_LOCATION;
  return {
    async read() {
      const value: unknown = await readStore(db, store, (backups) => backups.get(key));
      if (value === undefined) return null;
      const backup = asBackup(value);
      if (backup !== null) return backup;
      console.warn("Fanvas: the drawing backup in this browser has an unknown shape; it is left as it is.");
      return null;
    },
    write: (backup) =>
      writeStore(db, store, (backups) => {
        const stored = backups.get(key);
        stored.onsuccess = () => {
          const storedAt: unknown = (stored.result as { savedAt?: unknown } | undefined)?.savedAt;
          if (typeof storedAt !== "number" || storedAt <= backup.savedAt) backups.put(asRecord(backup), key);
        };
      }),
    writeAtOnce(backup) {
      try {
        const transaction = db.transaction(store, "readwrite");
        transaction.onabort = () => console.warn(AT_ONCE_FAILED_WARNING, transaction.error);
        transaction.objectStore(store).put(asRecord(backup), key);
        transaction.commit();
      } catch (error) {
        console.warn(AT_ONCE_FAILED_WARNING, error);
      }
    },
    close() {
      db.close();
    },
  };
}

function warnUnavailable(reason: string): void {
  console.warn(`Fanvas: drawings will not survive a reload here (IndexedDB is unavailable: ${reason}).`);
}
