import { expect, type Page } from "@playwright/test";
import { BACKUP_LOCATION } from "../../../src/client/persistence/backup-store.ts";
import { EDITING_KEY } from "../../../src/client/tools/editing-backup.ts";
import { drawingCanvas, readCanvasPixels } from "./page.ts";
import { compareBitmaps, type Pixels } from "./pixels.ts";

/**
 * The drawing's backup as the page stored it: every record of the backup's store but the open caption's or
 * sticker's, serialised in key order (`bytes`), and the header's time. Two of these are equal exactly when
 * nothing of the drawing's backup changed between them.
 */
export interface StoredBackup {
  readonly savedAt: number;
  readonly bytes: Uint8Array;
}

/**
 * Opens the page and waits until the first display is painted and the restore attempt has finished (the page
 * marks the canvas `data-restored="true"` whatever the outcome); returns the canvas pixels then. This page and
 * the ones it loads later count their backup writes (see expectBackupKept).
 */
export async function openRestoredPage(page: Page, url = "/"): Promise<Pixels> {
  await countBackupWrites(page);
  await page.goto(url);
  return waitForRestore(page);
}

/** Reloads and waits for the restore attempt, as openRestoredPage does. */
export async function reloadRestored(page: Page): Promise<Pixels> {
  await page.reload();
  return waitForRestore(page);
}

async function waitForRestore(page: Page): Promise<Pixels> {
  await expect(drawingCanvas(page)).toHaveAttribute("data-ready", "true");
  await expect(drawingCanvas(page)).toHaveAttribute("data-restored", "true");
  return readCanvasPixels(page);
}

/**
 * Reads records of the backup store straight from the page's IndexedDB, each with its key, blobs and byte
 * arrays as base64: the one under `key`, or (null) all of them. Never creates the database: if it does not
 * exist yet, the upgrade is aborted (creating it here would leave it without its store and break the page).
 */
async function readStoredRecords(
  page: Page,
  key: string | null,
): Promise<{ key: unknown; value: unknown }[] | null> {
  return page.evaluate(
    async ({ database, store, key }) => {
      const db = await new Promise<IDBDatabase | null>((resolve, reject) => {
        const request = indexedDB.open(database);
        request.onupgradeneeded = () => request.transaction?.abort();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () =>
          request.error?.name === "AbortError" ? resolve(null) : reject(request.error);
      });
      if (db === null) return null;
      const base64 = (bytes: Uint8Array) => {
        let binary = "";
        for (let i = 0; i < bytes.length; i += 0x8000)
          binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
        return btoa(binary);
      };
      const plain = async (value: unknown): Promise<unknown> => {
        if (value instanceof Blob) return { blob: base64(new Uint8Array(await value.arrayBuffer())) };
        if (value instanceof Uint8Array) return { bytes: base64(value) };
        if (typeof value !== "object" || value === null) return value;
        const entries = await Promise.all(Object.entries(value).map(async ([k, v]) => [k, await plain(v)]));
        return Object.fromEntries(entries);
      };
      try {
        if (!db.objectStoreNames.contains(store)) return null;
        const objects = db.transaction(store, "readonly").objectStore(store);
        const [keys, values] = await Promise.all(
          [objects.getAllKeys(key ?? undefined), objects.getAll(key ?? undefined)].map(
            (request) =>
              new Promise<unknown[]>((resolve, reject) => {
                request.onsuccess = () => resolve(request.result);
                request.onerror = () => reject(request.error);
              }),
          ),
        );
        return Promise.all(
          (keys ?? []).map(async (k, index) => ({ key: k, value: await plain(values?.[index]) })),
        );
      } finally {
        db.close();
      }
    },
    { database: BACKUP_LOCATION.database, store: BACKUP_LOCATION.store, key },
  );
}

/** The drawing's backup as the page stored it (see StoredBackup); null when there is none. */
export async function readStoredBackup(page: Page): Promise<StoredBackup | null> {
  const records = (await readStoredRecords(page, null))?.filter((record) => record.key !== EDITING_KEY) ?? [];
  const header = records.find((record) => record.key === BACKUP_LOCATION.key)?.value as
    | { savedAt?: number; blob?: { blob: string } }
    | undefined;
  if (header === undefined) return null;
  // A picture backup of the older kind (writeStoredBackup's): its PNG's bytes, as that kind kept them.
  if (records.length === 1 && header.blob !== undefined)
    return { savedAt: header.savedAt ?? 0, bytes: new Uint8Array(Buffer.from(header.blob.blob, "base64")) };
  return { savedAt: header.savedAt ?? 0, bytes: new TextEncoder().encode(JSON.stringify(records)) };
}

/** The caption or sticker being edited, as the page keeps it for a reload (null when none is kept). */
export async function readStoredEditing(page: Page): Promise<unknown> {
  return (await readStoredRecords(page, EDITING_KEY))?.[0]?.value ?? null;
}

/** Replaces the backup record with arbitrary bytes (e.g. a corrupt PNG); the page must have created the store. */
export async function writeStoredBackup(page: Page, bytes: Uint8Array, savedAt: number): Promise<void> {
  await page.evaluate(
    async ({ location, base64, savedAt }) => {
      const binary = atob(base64);
      const data = Uint8Array.from(binary, (char) => char.charCodeAt(0));
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(location.database, location.version);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      try {
        await new Promise<void>((resolve, reject) => {
          const transaction = db.transaction(location.store, "readwrite");
          transaction
            .objectStore(location.store)
            .put({ blob: new Blob([data], { type: "image/png" }), savedAt }, location.key);
          transaction.oncomplete = () => resolve();
          transaction.onerror = () => reject(transaction.error);
        });
      } finally {
        db.close();
      }
    },
    { location: BACKUP_LOCATION, base64: Buffer.from(bytes).toString("base64"), savedAt },
  );
}

/**
 * Waits until the backup in IndexedDB holds exactly `pixels`: another tab of the same browser, opened on the
 * same address, restores it and shows them. The other tab only reads (it writes nothing until a change).
 */
export async function waitForBackupOf(page: Page, pixels: Pixels): Promise<StoredBackup> {
  await expect
    .poll(
      async () => {
        const other = await page.context().newPage();
        try {
          await other.goto(page.url());
          return compareBitmaps(await waitForRestore(other), pixels).differingPixels;
        } finally {
          await other.close();
        }
      },
      {
        message: "a tab opened now restores exactly the canvas pixels from the backup",
        intervals: [100, 250, 500],
      },
    )
    .toBe(0);
  const stored = await readStoredBackup(page);
  if (stored === null) throw new Error("The backup disappeared right after it was written");
  return stored;
}

/**
 * Asserts no write of the drawing's backup has started since the page loaded, nor is one waiting, and the stored
 * backup is still `expected`. Waiting for a wrongful write to land would prove nothing on a loaded machine;
 * instead the page is told it is being hidden, which makes it write at once anything it would write, and every
 * write of the drawing's backup puts or deletes records of its store, which the page counts
 * (countBackupWrites): none counted after that means none happened and none will without a new change.
 */
export async function expectBackupKept(
  page: Page,
  expected: StoredBackup | null,
  what: string,
): Promise<void> {
  await page.evaluate(async () => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
    document.dispatchEvent(new Event("visibilitychange"));
    Reflect.deleteProperty(document, "visibilityState");
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  expect(await readBackupWrites(page), `${what}: no backup write started since the page loaded`).toBe(0);
  expect(await readStoredBackup(page), what).toEqual(expected);
}

/** How many records of the drawing's backup the page has put or deleted since it loaded (see countBackupWrites). */
export async function readBackupWrites(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { fanvasBackupWrites: number }).fanvasBackupWrites);
}

/**
 * Makes every page `page` loads from now on count the records of the drawing's backup it puts or deletes
 * (the open caption's or sticker's record aside), for expectBackupKept.
 */
async function countBackupWrites(page: Page): Promise<void> {
  await page.addInitScript(
    ({ store, editing }) => {
      const counted = window as unknown as { fanvasBackupWrites?: number };
      if (counted.fanvasBackupWrites !== undefined) return;
      counted.fanvasBackupWrites = 0;
      for (const method of ["put", "delete"] as const) {
        const original = IDBObjectStore.prototype[method] as (...args: unknown[]) => IDBRequest;
        IDBObjectStore.prototype[method] = function (this: IDBObjectStore, ...args: unknown[]) {
          const key = method === "put" ? args[1] : args[0];
          if (this.name === store && key !== editing)
            counted.fanvasBackupWrites = (counted.fanvasBackupWrites ?? 0) + 1;
          return original.apply(this, args);
        } as never;
      }
    },
    { store: BACKUP_LOCATION.store, editing: EDITING_KEY },
  );
}
