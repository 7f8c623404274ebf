import { IDBKeyRange as FakeKeyRange, IDBFactory } from "fake-indexeddb";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkpointKey, everyLogRecord, operationKey, operationRange, parseHeader } from "./backup-store.ts";

const HEADER = {
  format: 2,
  log: "a",
  start: { kind: "mascot" },
  origin: 5,
  position: 2,
  length: 3,
  savedAt: 9,
};

describe("the backup's records", () => {
  beforeEach(() => {
    Object.assign(globalThis, { indexedDB: new IDBFactory(), IDBKeyRange: FakeKeyRange });
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, "indexedDB");
    Reflect.deleteProperty(globalThis, "IDBKeyRange");
  });

  it("reads a header, a picture from before logs, and nothing else as the backup", () => {
    expect(parseHeader(HEADER)).toEqual(HEADER);
    const blob = new Blob(["png"]);
    expect(parseHeader({ blob, savedAt: 1 })).toEqual({ blob, savedAt: 1 });
    expect(parseHeader({ ...HEADER, position: 4 })).toBeNull();
    expect(parseHeader({ ...HEADER, format: 3 })).toEqual({ ...HEADER, format: 3 });
    expect(parseHeader({ ...HEADER, format: 4 })).toBeNull();
    expect(parseHeader({ ...HEADER, length: 1.5 })).toBeNull();
    expect(parseHeader("drawing")).toBeNull();
    expect(parseHeader(undefined)).toBeNull();
  });

  it("reaches exactly a log's records with its ranges, and every log's records but the header and the open edit with the other", async () => {
    const db = await new Promise<IDBDatabase>((resolve) => {
      const request = indexedDB.open("records", 1);
      request.onupgradeneeded = () => request.result.createObjectStore("backup");
      request.onsuccess = () => resolve(request.result);
    });
    const objects = () => db.transaction("backup", "readwrite").objectStore("backup");
    const done = (request: IDBRequest) =>
      new Promise<unknown>((resolve) => {
        request.onsuccess = () => resolve(request.result);
      });
    for (const [key, value] of [
      ["drawing", HEADER],
      ["editing", { kind: "caption" }],
      [checkpointKey("a"), { index: 1 }],
      [checkpointKey("b"), { index: 0 }],
      ...[0, 1, 2, 10].map((index) => [operationKey("a", index), index] as const),
      [operationKey("b", 0), "b0"],
    ] as const)
      await done(objects().put(value, key));
    expect(await done(objects().getAll(operationRange("a", 0, 3)))).toEqual([0, 1, 2]);
    expect(await done(objects().getAll(operationRange("a", 1, Infinity, true)))).toEqual([2, 10]);
    await done(objects().delete(everyLogRecord()));
    expect(await done(objects().getAllKeys())).toEqual(["drawing", "editing"]);
    db.close();
  });
});
