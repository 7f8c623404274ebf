/** The save queue in IndexedDB: its own small database, one record per waiting drawing, keyed by its key. */
import { byAge, isQueuedSave, type QueueStorage } from "./queue-storage.ts";

/**
 * Where the queue lives (exported so end-to-end tests can look at it). A database of its own, apart from the
 * drawing backup's `fanvas`, so neither ever needs the other's version upgrade.
 */
export const SAVE_QUEUE_LOCATION = { database: "fanvas-save-queue", version: 1, store: "saves" } as const;

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

/**
 * Opens (creating on first use) the queue database. Resolves null, with a console warning, where the browser
 * has no usable IndexedDB; the page then queues in memory.
 */
export async function openIdbQueueStorage(): Promise<QueueStorage | null> {
  let db: IDBDatabase;
  try {
    // Reading the property itself throws where storage is denied (sandboxed frames, some privacy settings).
    const factory: IDBFactory | undefined = globalThis.indexedDB;
    if (factory === undefined) return unavailable("this browser has no IndexedDB");
    const request = factory.open(SAVE_QUEUE_LOCATION.database, SAVE_QUEUE_LOCATION.version);
    request.onupgradeneeded = () =>
      request.result.createObjectStore(SAVE_QUEUE_LOCATION.store, { keyPath: "key" });
    db = await requestResult(request);
  } catch (error) {
    return unavailable(error instanceof Error ? error.message : String(error));
  }
  // Another tab upgrading the database must not wait on us forever.
  db.onversionchange = () => db.close();
  const { store } = SAVE_QUEUE_LOCATION;

  async function write(change: (saves: IDBObjectStore) => void): Promise<void> {
    const transaction = db.transaction(store, "readwrite");
    change(transaction.objectStore(store));
    await transactionDone(transaction);
  }

  return {
    put: (item) =>
      write((saves) => {
        saves.put({ key: item.key, blob: item.blob, createdAt: item.createdAt, attempts: item.attempts });
      }),
    async list() {
      const values: unknown[] = await requestResult(
        db.transaction(store, "readonly").objectStore(store).getAll(),
      );
      const items = values.filter(isQueuedSave);
      if (items.length < values.length) {
        console.warn(
          "Fanvas: some queued saves in this browser have an unknown shape; they are left as they are.",
        );
      }
      return items.sort(byAge);
    },
    recordAttempts: (key, attempts) =>
      write((saves) => {
        // Read and write in one transaction, so an item another tab removed meanwhile is not brought back.
        const read = saves.get(key);
        read.onsuccess = () => {
          const item: unknown = read.result;
          if (isQueuedSave(item)) saves.put({ ...item, attempts });
        };
      }),
    remove: (key) =>
      write((saves) => {
        saves.delete(key);
      }),
  };
}

function unavailable(reason: string): null {
  console.warn(
    `Fanvas: saves that fail will be retried only while this page stays open (IndexedDB is unavailable: ${reason}).`,
  );
  return null;
}
