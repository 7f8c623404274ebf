import * as fakeIndexedDB from "fake-indexeddb";
import type { IDBPDatabase } from "idb";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toStrokePoints } from "../../common/drawing-document/stroke-point.ts";
import type { Operation } from "../../common/drawing-document/types.ts";
import type { DrawingEngine } from "../engine/drawing-engine.ts";
import { BACKUP_LOCATION, checkpointKey, openBackupDatabase, operationRange } from "./backup-store.ts";
import { startBackupWriter, WRITE_WITHIN_MS } from "./backup-writer.ts";

const stroke = (x: number): Operation => ({
  kind: "stroke",
  author: 0,
  time: 0,
  style: { colour: "#000000", width: 3, eraser: false },
  points: toStrokePoints([
    { x, y: 10, elapsed: 0 },
    { x: x + 20, y: 30, elapsed: 16 },
  ]),
  dot: false,
});

/** Just what the writer asks of the engine: its log, its change events, and that no stroke is being drawn. */
function fakeEngine() {
  const operations: Operation[] = [];
  const listeners: ((change: unknown) => void)[] = [];
  const state = { start: { kind: "white" } as const, origin: 0, position: 0, operations };
  const engine = {
    logState: state,
    isDrawing: false,
    endStroke: () => {},
    getImageData: () => ({ data: new Uint8ClampedArray(16) }),
    on: (event: string, listener: (change: unknown) => void) => {
      if (event === "change") listeners.push(listener);
      return () => {};
    },
  };
  const add = (operation: Operation): void => {
    const index = operations.length;
    operations.push(operation);
    state.position = operations.length;
    for (const listener of listeners) listener({ kind: "added", operation, index });
  };
  /** Undo or redo: the picture shows the first `position` operations. */
  const move = (position: number): void => {
    state.position = position;
    for (const listener of listeners) listener({ kind: "moved", position });
  };
  return { engine: engine as unknown as DrawingEngine, add, move, operations };
}

describe("the backup's writer", () => {
  let transactions = 0;
  beforeEach(() => {
    const factory = new fakeIndexedDB.IDBFactory();
    const open = factory.open.bind(factory);
    // Every transaction the writer starts is counted (the header's get and the records' puts are in one).
    factory.open = (...args: Parameters<IDBFactory["open"]>) => {
      const request = open(...args);
      request.addEventListener("success", () => {
        const db = request.result;
        const transaction = db.transaction.bind(db);
        db.transaction = ((...given: Parameters<IDBDatabase["transaction"]>) => {
          transactions += 1;
          return transaction(...given);
        }) as IDBDatabase["transaction"];
      });
      return request;
    };
    transactions = 0;
    Object.assign(globalThis, {
      ...fakeIndexedDB,
      indexedDB: factory,
      document: Object.assign(new EventTarget(), { visibilityState: "visible" }),
      window: new EventTarget(),
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    for (const name of [...Object.keys(fakeIndexedDB), "document", "window"])
      Reflect.deleteProperty(globalThis, name);
  });

  it("writes changes close together in one transaction, at once when the page is hidden, and nothing when none is new", async () => {
    const db = await openBackupDatabase();
    if (db === null) throw new Error("no database");
    const { engine, add } = fakeEngine();
    const stop = startBackupWriter(engine, db, null);
    for (const x of [10, 60, 110]) add(stroke(x));
    expect(transactions, "nothing written while the changes come").toBe(0);

    Object.assign(document, { visibilityState: "hidden" });
    document.dispatchEvent(new Event("visibilitychange"));
    window.dispatchEvent(new Event("pagehide"));
    expect(transactions, "the three operations and the header, in one transaction").toBe(1);

    const { store, key } = BACKUP_LOCATION;
    const header = (await db.get(store, key)) as { log: string };
    const records = await db.getAll(store, operationRange(header.log, 0, Infinity));
    expect(records, "one record of the three operations").toMatchObject([
      { from: 0, length: 3, position: 3 },
    ]);
    const written = transactions;
    stop();
    expect(transactions, "stopping with nothing new writes nothing").toBe(written);
    db.close();
  });

  const readCheckpoint = async (db: IDBPDatabase) => {
    const { store, key } = BACKUP_LOCATION;
    const header = (await db.get(store, key)) as { log: string };
    return db.get(store, checkpointKey(header.log));
  };

  /** A writer of a new log over a fake engine, with fake timers (the test turns them off). */
  const openWriter = async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const db = await openBackupDatabase();
    if (db === null) throw new Error("no database");
    const fake = fakeEngine();
    const stop = startBackupWriter(fake.engine, db, null);
    const close = () => {
      stop();
      db.close();
    };
    return { ...fake, db, close };
  };

  it("writes a checkpoint that is due after the timed write of the records it pictures, in a transaction of its own", async () => {
    const { db, add, close } = await openWriter();
    for (const x of [10, 60]) add(stroke(x));
    vi.advanceTimersByTime(WRITE_WITHIN_MS);
    expect(transactions, "the two operations and the header in one transaction, the checkpoint after").toBe(
      1,
    );
    vi.useRealTimers();
    await expect.poll(() => readCheckpoint(db)).toMatchObject({ index: 2 });
    close();
  });

  it("deletes a stored checkpoint in the write that replaces an operation it pictures", async () => {
    const { db, add, operations, close } = await openWriter();
    for (const x of [10, 60]) add(stroke(x));
    vi.advanceTimersByTime(WRITE_WITHIN_MS);
    vi.useRealTimers();
    await expect.poll(() => readCheckpoint(db)).toMatchObject({ index: 2 });
    // The second stroke undone, then drawn over: the checkpoint pictures a stroke the log no longer holds.
    operations.length = 1;
    add(stroke(200));
    window.dispatchEvent(new Event("pagehide"));
    expect(await readCheckpoint(db)).toBeUndefined();
    close();
  });

  it("deletes the records of operations replaced since the last write, and makes no delete when none was", async () => {
    const { db, add, move, operations, close } = await openWriter();
    const deletes = vi.spyOn(fakeIndexedDB.IDBObjectStore.prototype, "delete");
    const writeNow = () => window.dispatchEvent(new Event("pagehide"));
    for (const x of [10, 60, 110]) add(stroke(x));
    writeNow();
    add(stroke(160));
    deletes.mockClear();
    writeNow();
    expect(deletes, "a write that only adds operations deletes nothing").not.toHaveBeenCalled();
    // Three undos (written as a record of no operations at the log's end), then a stroke drawn over them.
    move(1);
    writeNow();
    expect(deletes).not.toHaveBeenCalled();
    operations.length = 1;
    add(stroke(200));
    writeNow();
    const { store, key } = BACKUP_LOCATION;
    const header = (await db.get(store, key)) as { log: string };
    const records = await db.getAll(store, operationRange(header.log, 0, Infinity));
    expect(records, "the record after the replaced operations is gone").toMatchObject([
      { from: 0, length: 3 },
      { from: 1, length: 2, position: 2 },
    ]);
    expect(records).toHaveLength(2);
    close();
  });

  it("stores no checkpoint whose pixels were being read when an operation it pictures was replaced", async () => {
    const { db, add, operations, close } = await openWriter();
    for (const x of [10, 60]) add(stroke(x));
    // The timed write starts reading the picture of both strokes; the second is undone and drawn over before
    // the read is back.
    vi.advanceTimersByTime(WRITE_WITHIN_MS);
    operations.length = 1;
    add(stroke(200));
    vi.useRealTimers();
    window.dispatchEvent(new Event("pagehide"));
    expect(await readCheckpoint(db)).toBeUndefined();
    expect(await db.getAllKeys(BACKUP_LOCATION.store), "the header and the two writes alone").toHaveLength(3);
    close();
  });
});
