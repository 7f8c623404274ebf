/** The drawing backup in IndexedDB: one record under one key, replaced on each write. */

/** What is kept: the 600 x 600 PNG of the drawing and when it was written (ms since the epoch). */
export interface DrawingBackup {
  readonly blob: Blob;
  readonly savedAt: number;
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

function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error("IndexedDB request failed"));
  });
}

function transactionDone(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error("IndexedDB transaction failed"));
    transaction.onabort = () => reject(transaction.error ?? new Error("IndexedDB transaction aborted"));
  });
}

function isBackup(value: unknown): value is DrawingBackup {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  return record.blob instanceof Blob && typeof record.savedAt === "number";
}

/**
 * Opens (creating on first use) the backup database. Resolves null, with a console warning, where the
 * browser has no usable IndexedDB (some private modes, blocked storage): the page then simply works
 * without a backup.
 */
export async function openBackupStore(): Promise<BackupStore | null> {
  let db: IDBDatabase;
  try {
    // Reading the property itself throws where storage is denied (sandboxed frames, some privacy settings).
    const factory: IDBFactory | undefined = globalThis.indexedDB;
    if (factory === undefined) return unavailable("this browser has no IndexedDB");
    const request = factory.open(BACKUP_LOCATION.database, BACKUP_LOCATION.version);
    request.onupgradeneeded = () => request.result.createObjectStore(BACKUP_LOCATION.store);
    db = await requestResult(request);
  } catch (error) {
    return unavailable(error instanceof Error ? error.message : String(error));
  }
  // Another tab upgrading the database must not wait on us forever.
  db.onversionchange = () => db.close();
  const { store, key } = BACKUP_LOCATION;
  return {
    async read() {
      const value: unknown = await requestResult(
        db.transaction(store, "readonly").objectStore(store).get(key),
      );
      if (value === undefined) return null;
      if (isBackup(value)) return value;
      console.warn("Fanvas: the drawing backup in this browser has an unknown shape; it is left as it is.");
      return null;
    },
    async write(backup) {
      const transaction = db.transaction(store, "readwrite");
      transaction.objectStore(store).put({ blob: backup.blob, savedAt: backup.savedAt }, key);
      await transactionDone(transaction);
    },
    close() {
      db.close();
    },
  };
}

function unavailable(reason: string): null {
  console.warn(`Fanvas: drawings will not survive a reload here (IndexedDB is unavailable: ${reason}).`);
  return null;
}
