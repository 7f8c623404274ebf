/** The drawing backup in IndexedDB: one record under one key, replaced on each write. */
import { openStoreDatabase, readStore, writeStore } from "./idb.ts";

/**
 * What is kept: the 600 x 600 PNG of the drawing, when it was written (ms since the epoch) and the drawing it
 * remixes (null for none), so a reload of that remix restores it over the remix without asking.
 */
export interface DrawingBackup {
  readonly blob: Blob;
  readonly savedAt: number;
  readonly remixOf: string | null;
}

/** An open backup database. */
export interface BackupStore {
  /** The stored backup; null when there is none or the record is not a backup. */
  read(): Promise<DrawingBackup | null>;
  /** Replaces the backup; resolves once the transaction has committed. */
  write(backup: DrawingBackup): Promise<void>;
  /** Closes the connection once running transactions finish. */
  close(): void;
}

/** Where the backup lives (exported so end-to-end tests can look at the record itself). */
export const BACKUP_LOCATION = { database: "fanvas", version: 1, store: "backup", key: "drawing" } as const;

/** The record as a backup; one written before remixes were kept has no remixOf: it remixes nothing. */
function asBackup(value: unknown): DrawingBackup | null {
  if (typeof value !== "object" || value === null) return null;
  const record = value as Record<string, unknown>;
  if (!(record.blob instanceof Blob) || typeof record.savedAt !== "number") return null;
  const remixOf = typeof record.remixOf === "string" ? record.remixOf : null;
  return { blob: record.blob, savedAt: record.savedAt, remixOf };
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
        backups.put({ blob: backup.blob, savedAt: backup.savedAt, remixOf: backup.remixOf }, key);
      }),
    close() {
      db.close();
    },
  };
}

function warnUnavailable(reason: string): void {
  console.warn(`Fanvas: drawings will not survive a reload here (IndexedDB is unavailable: ${reason}).`);
}
