/** The little the page needs of IndexedDB: a database with one object store, read and written in promises. */

/** Where a database lives: its name, its schema version and its one object store. */
export interface StoreLocation {
  readonly database: string;
  readonly version: number;
  readonly store: string;
}

const requestResult = <T>(request: IDBRequest<T>): Promise<T> =>
  new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error("IndexedDB request failed"));
  });

/** Resolves once `transaction` has committed. */
export const transactionDone = (transaction: IDBTransaction): Promise<void> =>
  new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = transaction.onabort = () =>
      reject(transaction.error ?? new Error("IndexedDB transaction failed"));
  });

/**
 * Opens (creating on first use) the database at `location` with its one store. Resolves null where the browser
 * has no usable IndexedDB (some private modes, blocked storage), after handing the reason to `unavailable`.
 */
export async function openStoreDatabase(
  location: StoreLocation,
  unavailable: (reason: string) => void,
  storeOptions?: IDBObjectStoreParameters,
): Promise<IDBDatabase | null> {
  try {
    // Reading the property itself throws where storage is denied (sandboxed frames, some privacy settings).
    const factory: IDBFactory | undefined = globalThis.indexedDB;
    if (factory === undefined) throw new Error("this browser has no IndexedDB");
    const request = factory.open(location.database, location.version);
    request.onupgradeneeded = () => request.result.createObjectStore(location.store, storeOptions);
    const db = await requestResult(request);
    // Another tab upgrading the database must not wait on us forever.
    db.onversionchange = () => db.close();
    return db;
  } catch (error) {
    unavailable(error instanceof Error ? error.message : String(error));
    return null;
  }
}

/** Runs one read on `store` in a read-only transaction and resolves with its result. */
export function readStore<T>(
  db: IDBDatabase,
  store: string,
  read: (objects: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  return requestResult(read(db.transaction(store, "readonly").objectStore(store)));
}

/** Makes `change` to `store` in one read-write transaction; resolves once it has committed. */
export function writeStore(
  db: IDBDatabase,
  store: string,
  change: (objects: IDBObjectStore) => void,
): Promise<void> {
  const transaction = db.transaction(store, "readwrite");
  change(transaction.objectStore(store));
  // Committed now rather than once the task ends: a write made as the page goes (pagehide) then lands.
  transaction.commit();
  return transactionDone(transaction);
}
