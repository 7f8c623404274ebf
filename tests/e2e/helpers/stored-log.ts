/** The drawing's log as the page's backup keeps it, read from IndexedDB and decoded here, independent of the page. */
import type { Page } from "@playwright/test";
import { BACKUP_LOCATION } from "../../../src/client/persistence/backup-store.ts";
import { decodeDrawing } from "../../../src/common/drawing-document/decode.ts";
import { knownStickers } from "../../../src/common/drawing-document/known-stickers.ts";
import type {
  DrawingDocument,
  Operation,
  StartingPicture,
} from "../../../src/common/drawing-document/types.ts";

/** The header and operation records of the backup, as the page stored them (records as base64). */
interface RawLog {
  readonly start: StartingPicture | null;
  readonly position: number;
  readonly records: readonly string[];
}

/** The document the backup holds: its start and the operations that make the picture; null before any write. */
export async function readBackupDocument(page: Page): Promise<DrawingDocument | null> {
  const raw = await page.evaluate(async ({ database, store, key }): Promise<RawLog | null> => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(database);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      const objects = db.transaction(store, "readonly").objectStore(store);
      const read = <T>(request: IDBRequest<T>) =>
        new Promise<T>((resolve, reject) => {
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
      const header = (await read(objects.get(key))) as
        | { log: string; start: StartingPicture | null }
        | undefined;
      if (header?.log === undefined) return null;
      const range = IDBKeyRange.bound(["op", header.log, 0], ["op", header.log, Infinity]);
      type Write = { from: number; operations: Uint8Array[]; position: number; length: number };
      const writes = (await read(objects.getAll(range))) as Write[];
      // Each record holds the operations one write added from its `from` on; a later one overrides.
      const records: Uint8Array[] = [];
      for (const write of writes)
        for (const [offset, record] of write.operations.entries()) records[write.from + offset] = record;
      const last = writes.at(-1) ?? { position: 0, length: 0 };
      const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
      return {
        start: header.start,
        position: last.position,
        records: records.slice(0, last.length).map(base64),
      };
    } finally {
      db.close();
    }
  }, BACKUP_LOCATION);
  if (raw === null || raw.start === null) return null;
  const options = { stickers: knownStickers() };
  const operations = raw.records
    .slice(0, raw.position)
    .map(
      (record) =>
        decodeDrawing(new Uint8Array(Buffer.from(record, "base64")), options).operations[0] as Operation,
    );
  return { start: raw.start, operations };
}
