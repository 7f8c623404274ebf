import { IDBFactory } from "fake-indexeddb";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BACKUP_LOCATION, type BackupStore, openBackupStore } from "./backup-store.ts";

/** The browser's ImageData as far as the store looks at it (Node has none). */
class FakeImageData {
  readonly width = 600;
  readonly height = 600;
  readonly data = new Uint8ClampedArray([1, 2, 3, 255]);
}

const png = (text: string) => new Blob([text], { type: "image/png" });

describe("the backup store", () => {
  let store: BackupStore;

  beforeEach(async () => {
    Object.assign(globalThis, { indexedDB: new IDBFactory(), ImageData: FakeImageData });
    store = (await openBackupStore(() => {
      throw new Error("IndexedDB should be available");
    })) as BackupStore;
  });

  afterEach(() => {
    store.close();
    Reflect.deleteProperty(globalThis, "indexedDB");
    Reflect.deleteProperty(globalThis, "ImageData");
  });

  /**
   * The record as stored, its PNG as text and its pixels as "pixels", read past the store (whose reading wants
   * the browser's own ImageData, which a clone in Node does not give back).
   */
  async function stored(): Promise<unknown> {
    const { database, store: name, key } = BACKUP_LOCATION;
    const db = await new Promise<IDBDatabase>((resolve) => {
      const request = indexedDB.open(database);
      request.onsuccess = () => resolve(request.result);
    });
    const record = await new Promise<Record<string, unknown>>((resolve) => {
      const request = db.transaction(name).objectStore(name).get(key);
      request.onsuccess = () => resolve(request.result);
    });
    db.close();
    const { blob, pixels, ...rest } = record;
    if (blob instanceof Blob) return { ...rest, image: await blob.text() };
    return { ...rest, image: pixels === undefined ? "nothing" : "pixels" };
  }

  it("keeps the latest write, its PNG and the drawing it remixes", async () => {
    await store.write({ image: png("first"), savedAt: 10, remixOf: null });
    await store.write({ image: png("second"), savedAt: 20, remixOf: "r1" });
    expect(await stored()).toEqual({ image: "second", savedAt: 20, remixOf: "r1" });
    const read = await store.read();
    expect(read?.image).toBeInstanceOf(Blob);
  });

  it("a write the worker had on its way does not replace the drawing the page wrote at once after it", async () => {
    store.writeAtOnce({ image: new ImageData(600, 600), savedAt: 30, remixOf: null });
    // Posted at 20, before the page was hidden: older than what the page wrote.
    await store.write({ image: png("older"), savedAt: 20, remixOf: null });
    expect(await stored()).toEqual({ image: "pixels", savedAt: 30, remixOf: null });
    // The same drawing as a PNG, posted as the page was hidden, replaces the pixels.
    await store.write({ image: png("same drawing"), savedAt: 30, remixOf: null });
    expect(await stored()).toEqual({ image: "same drawing", savedAt: 30, remixOf: null });
  });

  it("a write at once replaces whatever is stored", async () => {
    await store.write({ image: png("worker"), savedAt: 50, remixOf: "r2" });
    store.writeAtOnce({ image: new ImageData(600, 600), savedAt: 40, remixOf: null });
    expect(await stored()).toEqual({ image: "pixels", savedAt: 40, remixOf: null });
  });
});
