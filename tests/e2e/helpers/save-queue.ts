import { DatabaseSync } from "node:sqlite";
import type { Page, Request, Route } from "@playwright/test";
import { SAVE_QUEUE_LOCATION } from "../../../src/client/save/idb-queue-storage.ts";
import { DRAWINGS_PATH } from "../../../src/common/api.ts";

/** A queued save as the page's IndexedDB holds it (the PNG left out). */
export interface QueuedSaveRecord {
  readonly key: string;
  readonly attempts: number;
  readonly bytes: number;
}

/**
 * The page's save queue, read from its IndexedDB. Never creates the database: if the page has not opened it
 * yet, the open is aborted and the queue counts as empty.
 */
export function queuedSaves(page: Page): Promise<QueuedSaveRecord[]> {
  return page.evaluate(
    ({ database, store }) =>
      new Promise<QueuedSaveRecord[]>((resolve, reject) => {
        const request = indexedDB.open(database);
        request.onupgradeneeded = () => request.transaction?.abort();
        request.onerror = () => (request.error?.name === "AbortError" ? resolve([]) : reject(request.error));
        request.onsuccess = () => {
          const db = request.result;
          const all = db.transaction(store, "readonly").objectStore(store).getAll();
          all.onerror = () => reject(all.error);
          all.onsuccess = () => {
            db.close();
            resolve(
              (all.result as { key: string; attempts: number; blob: Blob }[]).map((item) => ({
                key: item.key,
                attempts: item.attempts,
                bytes: item.blob.size,
              })),
            );
          };
        };
      }),
    SAVE_QUEUE_LOCATION,
  );
}

/** True for the page's uploads (POST to the drawings API), whatever answers them. */
export function isUpload(request: Request): boolean {
  return request.method() === "POST" && new URL(request.url()).pathname === DRAWINGS_PATH;
}

/** Routes the page's uploads only; every other request goes on untouched. */
export async function routeUploads(page: Page, handler: (route: Route) => Promise<void>): Promise<void> {
  await page.route(
    (url) => url.pathname === DRAWINGS_PATH,
    (route) => (isUpload(route.request()) ? handler(route) : route.continue()),
  );
}

/** Every stored drawing with the Idempotency-Key it was stored under, straight from the SQLite file. */
export function storedDrawings(databasePath: string): { id: string; key: string | null; png: Uint8Array }[] {
  const db = new DatabaseSync(databasePath, { readOnly: true });
  try {
    return db
      .prepare("SELECT id, idempotency_key, image_data FROM drawings ORDER BY created_at")
      .all()
      .map((row) => ({
        id: String(row.id),
        key: row.idempotency_key === null ? null : String(row.idempotency_key),
        png: row.image_data as Uint8Array,
      }));
  } finally {
    db.close();
  }
}
