/** The page's IndexedDB databases, one object store each, through `idb` (a small promise wrapper). */
import { type IDBPDatabase, openDB, unwrap } from "idb";

/** Where a database lives: its name, its schema version and its one object store. */
export interface StoreLocation {
  readonly database: string;
  readonly version: number;
  readonly store: string;
}

/**
 * Opens (creating on first use) the database at `location` with its one store. Resolves null where the browser
 * has no usable IndexedDB (some private modes, blocked storage: reading `indexedDB` itself throws where storage is
 * denied), after handing the reason to `unavailable`.
 */
export async function openStoreDatabase(
  location: StoreLocation,
  unavailable: (reason: string) => void,
  storeOptions?: IDBObjectStoreParameters,
): Promise<IDBPDatabase | null> {
  try {
    const db: IDBPDatabase = await openDB(location.database, location.version, {
      upgrade: (created) => void created.createObjectStore(location.store, storeOptions),
      // Another tab upgrading the database must not wait on us forever.
      blocking: () => db.close(),
    });
    return db;
  } catch (error) {
    unavailable(error instanceof Error ? error.message : String(error));
    return null;
  }
}

/** Makes `change` to `store` in one read-write transaction; resolves once it has committed. */
export function writeStore(
  db: IDBPDatabase,
  store: string,
  change: (objects: IDBObjectStore) => void,
): Promise<void> {
  const transaction = db.transaction(store, "readwrite");
  // The store itself, not idb's wrapper: a failed write rejects the promise returned here once, not each request's.
  change(unwrap(transaction.store));
  // Committed now rather than once the task ends: a write made as the page goes (pagehide) then lands.
  transaction.commit();
  return transaction.done;
}
