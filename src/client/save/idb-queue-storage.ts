/** The save queue in IndexedDB: its own small database, one record per waiting drawing, keyed by its key. */
import { type IDBPDatabase, unwrap } from "idb";
import { openStoreDatabase, writeStore } from "../persistence/idb.ts";
import { byAge, isStoredSave, type QueueStorage, queuedSave, setClaims } from "./queue-storage.ts";

/**
 * Where the queue lives (exported so end-to-end tests can look at it). A database of its own, apart from the
 * drawing backup's `fanvas`, so neither ever needs the other's version upgrade.
 */
export const SAVE_QUEUE_LOCATION = { database: "fanvas-save-queue", version: 1, store: "saves" } as const;

/**
 * Opens (creating on first use) the queue database. Resolves null, with a console warning, where the browser
 * has no usable IndexedDB; the page then queues in memory.
 */
export async function openIdbQueueStorage(): Promise<QueueStorage | null> {
  const db = await openStoreDatabase(SAVE_QUEUE_LOCATION, warnUnavailable, { keyPath: "key" });
  if (db === null) return null;
  const { store } = SAVE_QUEUE_LOCATION;
  const write = (change: (saves: IDBObjectStore) => void) => writeStore(db, store, change);

  return {
    put: (item) =>
      write((saves) => {
        const { key, blob, createdAt, attempts, remixOf, name, prompt, making } = item;
        const claims = setClaims({ remixOf, name, prompt });
        saves.put({ key, blob, createdAt, attempts, ...claims, ...(making === undefined ? {} : { making }) });
      }),
    async list() {
      const values: unknown[] = await db.getAll(store);
      const items = values.filter(isStoredSave).map(queuedSave);
      if (items.length < values.length) {
        console.warn(
          "Fanvas: some queued saves in this browser have an unknown shape; they are left as they are.",
        );
      }
      return items.sort(byAge);
    },
    recordAttempts: (key, attempts) =>
      updateRecord(db, store, key, (item) => (isStoredSave(item) ? { ...item, attempts } : undefined)),
    remove: (key) =>
      write((saves) => {
        saves.delete(key);
      }),
  };
}

function warnUnavailable(reason: string): void {
  console.warn(
    `Fanvas: saves that fail will be retried only while this page stays open (IndexedDB is unavailable: ${reason}).`,
  );
}

/**
 * Reads the record at `key` and writes what `update` makes of it, in one read-write transaction, so a record
 * another tab removed meanwhile is not brought back (`update` answers undefined to write nothing). Committed
 * once the write is asked for: committing before the read answers would end the transaction first.
 */
function updateRecord(
  db: IDBPDatabase,
  store: string,
  key: IDBValidKey,
  update: (record: unknown) => unknown,
): Promise<void> {
  const transaction = db.transaction(store, "readwrite");
  const objects = unwrap(transaction.store);
  const read = objects.get(key);
  read.onsuccess = () => {
    const next = update(read.result);
    if (next !== undefined) objects.put(next);
    transaction.commit();
  };
  return transaction.done;
}
