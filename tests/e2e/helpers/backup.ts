import { expect, type Page } from "@playwright/test";
import { BACKUP_LOCATION } from "../../../src/client/persistence/backup-store.ts";
import { EDITING_KEY } from "../../../src/client/tools/editing-backup.ts";
import { CANVAS_SIZE } from "../../../src/common/constants.ts";
import { drawingCanvas, readCanvasPixels } from "./page.ts";
import { compareBitmaps, type Pixels } from "./pixels.ts";
import { decodePng } from "./png.ts";

/**
 * The backup record as the page stored it: its PNG's bytes (decoded in Node, independent of the engine), or
 * the raw RGBA of a write the page made at once as it was hidden (`raw`).
 */
export interface StoredBackup {
  readonly savedAt: number;
  readonly bytes: Uint8Array;
  readonly raw?: { readonly width: number; readonly height: number };
}

/** The stored drawing's pixels; null when its PNG does not decode. */
export async function storedPixels(stored: StoredBackup): Promise<Pixels | null> {
  if (stored.raw !== undefined) return { ...stored.raw, data: stored.bytes };
  return decodePng(stored.bytes).catch(() => null);
}

/**
 * Opens the page and waits until the first display is painted and the restore attempt has finished (the page
 * marks the canvas `data-restored="true"` whatever the outcome); returns the canvas pixels then. This page and
 * the ones it loads later count their drawing encodes (see expectBackupKept).
 */
export async function openRestoredPage(page: Page, url = "/"): Promise<Pixels> {
  await countDrawingEncodes(page);
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
 * Reads a record of the backup store straight from the page's IndexedDB: the drawing's (its blob as base64)
 * or any other, as stored. Never creates the database: if it does not exist yet, the upgrade is aborted
 * (creating it here would leave it without its store and break the page).
 */
async function readStoredRecord(page: Page, key: string): Promise<unknown> {
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
      try {
        if (!db.objectStoreNames.contains(store)) return null;
        const value = await new Promise<unknown>((resolve, reject) => {
          const request = db.transaction(store, "readonly").objectStore(store).get(key);
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        if (value === undefined) return null;
        const record = value as { blob?: unknown; pixels?: unknown; savedAt?: number };
        const base64 = (bytes: Uint8Array) => {
          let binary = "";
          for (let i = 0; i < bytes.length; i += 0x8000)
            binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
          return btoa(binary);
        };
        if (record.pixels instanceof ImageData) {
          const { width, height, data } = record.pixels;
          const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
          return { savedAt: record.savedAt, base64: base64(bytes), raw: { width, height } };
        }
        if (!(record.blob instanceof Blob)) return value;
        const bytes = new Uint8Array(await record.blob.arrayBuffer());
        return { savedAt: record.savedAt, base64: base64(bytes) };
      } finally {
        db.close();
      }
    },
    { database: BACKUP_LOCATION.database, store: BACKUP_LOCATION.store, key },
  );
}

/** The drawing's backup record as the page stored it. */
export async function readStoredBackup(page: Page): Promise<StoredBackup | null> {
  const found = (await readStoredRecord(page, BACKUP_LOCATION.key)) as {
    savedAt: number;
    base64: string;
    raw?: { width: number; height: number };
  } | null;
  if (found === null) return null;
  const bytes = new Uint8Array(Buffer.from(found.base64, "base64"));
  return found.raw === undefined
    ? { savedAt: found.savedAt, bytes }
    : { savedAt: found.savedAt, bytes, raw: found.raw };
}

/** The caption or sticker being edited, as the page keeps it for a reload (null when none is kept). */
export async function readStoredEditing(page: Page): Promise<unknown> {
  return readStoredRecord(page, EDITING_KEY);
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

/** Waits until the stored backup, decoded, is exactly `pixels` (the page writes shortly after each change). */
export async function waitForBackupOf(page: Page, pixels: Pixels): Promise<StoredBackup> {
  await expect
    .poll(
      async () => {
        const latest = await readStoredBackup(page);
        if (latest === null) return "no backup yet";
        // Until the page's write lands, the stored backup may be an older one that does not decode at all.
        const decoded = await storedPixels(latest);
        if (decoded === null) return "backup does not decode (yet)";
        if (decoded.width !== pixels.width || decoded.height !== pixels.height)
          return `backup is ${decoded.width}x${decoded.height}`;
        return compareBitmaps(decoded, pixels).differingPixels;
      },
      { message: "the backup in IndexedDB holds exactly the canvas pixels" },
    )
    .toBe(0);
  const stored = await readStoredBackup(page);
  if (stored === null) throw new Error("The backup disappeared right after it was written");
  return stored;
}

/**
 * Asserts no backup write has started since the page loaded, nor is one waiting, and the stored backup is
 * still `expected`. Waiting for a wrongful write to land would prove nothing on a loaded machine; instead the
 * page is told it is being hidden, which makes it start any write it has pending at once (as a phone killing
 * a hidden tab needs), and every write follows a change told to the backup's worker (a message) or is an
 * encode of the 600 x 600 drawing on the page, which the page counts (countDrawingEncodes): none counted
 * after that means none happened and none will without a new change.
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
    // The flushed write starts in a later microtask: a new task begins after every one of them has run.
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  expect(await readDrawingEncodes(page), `${what}: no backup write started since the page loaded`).toEqual({
    pageEncodes: 0,
    copies: 0,
    areaCopies: 0,
    workerMessages: 0,
  });
  expect(await readStoredBackup(page), what).toEqual(expected);
}

/**
 * How often the page encoded the 600 x 600 drawing itself (canvas toBlob), copied all its pixels or a
 * rectangle of them (ImageBitmaps: the backup's copies for its worker) and posted to the backup's worker (a
 * change or a flush; the worker writes after them).
 */
export interface DrawingEncodes {
  readonly pageEncodes: number;
  readonly copies: number;
  readonly areaCopies: number;
  readonly workerMessages: number;
}

/** The counts since the page loaded (see countDrawingEncodes; openRestoredPage installs it). */
export async function readDrawingEncodes(page: Page): Promise<DrawingEncodes> {
  return page.evaluate(() => ({
    ...(window as unknown as { fanvasDrawingEncodes: DrawingEncodes }).fanvasDrawingEncodes,
  }));
}

/**
 * Makes every page `page` loads from now on count how many times it encodes the 600 x 600 drawing (canvas
 * toBlob: each save, and a backup write without its worker), copies its pixels (createImageBitmap of the
 * canvas, whole or a rectangle) and posts to a worker (each change told to the backup's worker), for
 * expectBackupKept and the worker's tests.
 */
async function countDrawingEncodes(page: Page): Promise<void> {
  await page.addInitScript((size) => {
    const counted = window as unknown as { fanvasDrawingEncodes?: DrawingEncodes };
    if (counted.fanvasDrawingEncodes !== undefined) return;
    const counts = { pageEncodes: 0, copies: 0, areaCopies: 0, workerMessages: 0 };
    counted.fanvasDrawingEncodes = counts;
    const isDrawing = (source: unknown) =>
      source instanceof HTMLCanvasElement && source.width === size && source.height === size;
    const toBlob = HTMLCanvasElement.prototype.toBlob;
    HTMLCanvasElement.prototype.toBlob = function (this: HTMLCanvasElement, ...args) {
      if (isDrawing(this)) counts.pageEncodes++;
      return toBlob.apply(this, args);
    };
    const copy = window.createImageBitmap;
    window.createImageBitmap = ((...args: Parameters<typeof createImageBitmap>) => {
      if (isDrawing(args[0]) && args.length > 1) counts.areaCopies++;
      else if (isDrawing(args[0])) counts.copies++;
      return copy.apply(window, args);
    }) as typeof createImageBitmap;
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (this: Worker, message: unknown, transfer: Transferable[]) {
      counts.workerMessages++;
      post.call(this, message, { transfer });
    } as Worker["postMessage"];
  }, CANVAS_SIZE);
}
