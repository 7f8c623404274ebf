import * as fakeIndexedDB from "fake-indexeddb";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStoreDatabase, writeStore } from "../persistence/idb.ts";
import { openIdbQueueStorage, SAVE_QUEUE_LOCATION } from "./idb-queue-storage.ts";

describe("the save queue in IndexedDB", () => {
  beforeEach(() => {
    // The browser's IndexedDB classes too: idb tells requests and transactions apart by them.
    Object.assign(globalThis, { ...fakeIndexedDB, indexedDB: new fakeIndexedDB.IDBFactory() });
  });
  afterEach(() => {
    for (const name of Object.keys(fakeIndexedDB)) Reflect.deleteProperty(globalThis, name);
  });

  it("keeps a waiting save with its claims and making, counts its attempts in one transaction, and removes it", async () => {
    const storage = await openIdbQueueStorage();
    if (storage === null) throw new Error("no IndexedDB");
    const log = new Uint8Array([70, 86, 68, 82, 1, 0, 0]);
    const blob = new Blob([new Uint8Array([137, 80, 78, 71])], { type: "image/png" });
    const claims = { remixOf: "AbCdEfGh1234", name: "@fred", prompt: "fred-at-the-beach" };
    await storage.put({ key: "k1", blob, createdAt: 1, attempts: 0, ...claims, making: new Blob([log]) });
    await storage.recordAttempts("k1", 3);
    const [item] = await storage.list();
    expect(item).toMatchObject({ key: "k1", attempts: 3, createdAt: 1, ...claims });
    if (!(item?.making instanceof Blob)) throw new Error("the making did not come back as a Blob");
    expect(new Uint8Array(await item.making.arrayBuffer())).toEqual(log);
    await storage.remove("k1");
    // Counting the attempts of a save another tab sent meanwhile brings nothing back.
    await storage.recordAttempts("k1", 4);
    expect(await storage.list()).toEqual([]);
  });

  it("still reads a save an older page queued with its making's bytes, as a Blob of those bytes", async () => {
    const storage = await openIdbQueueStorage();
    if (storage === null) throw new Error("no IndexedDB");
    const making = new Uint8Array([70, 86, 68, 82, 1, 0, 0]);
    const blob = new Blob([new Uint8Array([137, 80, 78, 71])], { type: "image/png" });
    // An older page's record, written as it wrote them.
    const db = await openStoreDatabase(SAVE_QUEUE_LOCATION, () => undefined, { keyPath: "key" });
    if (db === null) throw new Error("no IndexedDB");
    await writeStore(db, SAVE_QUEUE_LOCATION.store, (saves) => {
      saves.put({ key: "k1", blob, createdAt: 1, attempts: 0, making });
    });
    db.close();
    const [item] = await storage.list();
    if (!(item?.making instanceof Blob))
      throw new Error("the older page's making did not come back as a Blob");
    expect(new Uint8Array(await item.making.arrayBuffer())).toEqual(making);
  });
});
