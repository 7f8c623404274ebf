import { describe, expect, it } from "vitest";
import { createBackupMirror, type MirrorDependencies } from "./backup-mirror.ts";
import type { BackupStore, DrawingBackup } from "./backup-store.ts";

/** A fake 2D canvas that records the calls the mirror makes and "encodes" them as a PNG of their list. */
function fakeCanvases() {
  const calls: string[] = [];
  const context = {
    globalCompositeOperation: "source-over",
    drawImage: (_: ImageBitmap, x: number, y: number) =>
      calls.push(`drawImage ${context.globalCompositeOperation} at ${x},${y}`),

    canvas: { convertToBlob: async () => new Blob([calls.join(";")], { type: "image/png" }) },
  };
  let created = 0;
  const createCanvas = () => {
    created++;
    return { getContext: () => context } as unknown as OffscreenCanvas;
  };
  return { createCanvas, calls, created: () => created };
}

/** Stores that keep what was written; `failWrites` makes the next writes reject. */
function fakeStores(failWrites = 0) {
  const written: DrawingBackup[] = [];
  let opened = 0;
  let closed = 0;
  let failuresLeft = failWrites;
  const openStore: MirrorDependencies["openStore"] = async () => {
    opened++;
    const store: BackupStore = {
      read: async () => null,
      write: async (backup) => {
        if (failuresLeft-- > 0) throw new Error("The database connection is closing.");
        written.push(backup);
      },
      close: () => closed++,
    };
    return store;
  };
  return { openStore, written, opened: () => opened, closed: () => closed };
}

const bitmap = () => ({ close: () => {} }) as unknown as ImageBitmap;

describe("createBackupMirror", () => {
  it("copies the whole drawing, then patches rectangles into its copy, and stores each PNG with its record", async () => {
    const canvases = fakeCanvases();
    const stores = fakeStores();
    const handle = createBackupMirror({ createCanvas: canvases.createCanvas, openStore: stores.openStore });

    expect(await handle({ patch: { kind: "all", bitmap: bitmap() }, savedAt: 1, remixOf: null })).toEqual({
      written: true,
    });
    expect(
      await handle({ patch: { kind: "area", x: 5, y: 6, bitmap: bitmap() }, savedAt: 2, remixOf: "r1" }),
    ).toEqual({
      written: true,
    });
    expect(await handle({ patch: null, savedAt: 3, remixOf: null })).toEqual({ written: true });
    expect(canvases.calls).toEqual(["drawImage copy at 0,0", "drawImage source-over at 5,6"]);
    expect(canvases.created()).toBe(1);
    expect(stores.opened()).toBe(1);
    expect(stores.written.map(({ savedAt, remixOf }) => ({ savedAt, remixOf }))).toEqual([
      { savedAt: 1, remixOf: null },
      { savedAt: 2, remixOf: "r1" },
      { savedAt: 3, remixOf: null },
    ]);
    expect(await stores.written[1]?.blob.text()).toBe("drawImage copy at 0,0;drawImage source-over at 5,6");
  });

  it("cannot patch a copy it does not have: a worker failure, so the page takes over", async () => {
    const canvases = fakeCanvases();
    const stores = fakeStores();
    const handle = createBackupMirror({ createCanvas: canvases.createCanvas, openStore: stores.openStore });
    expect(
      await handle({ patch: { kind: "area", x: 0, y: 0, bitmap: bitmap() }, savedAt: 1, remixOf: null }),
    ).toEqual({
      failed: "worker",
      error: "the worker has no copy to update",
    });
    expect(stores.written).toEqual([]);
  });

  it("a failed IndexedDB write is a write failure, and the next write opens a new connection", async () => {
    const canvases = fakeCanvases();
    const stores = fakeStores(1);
    const handle = createBackupMirror({ createCanvas: canvases.createCanvas, openStore: stores.openStore });
    expect(await handle({ patch: { kind: "all", bitmap: bitmap() }, savedAt: 1, remixOf: null })).toEqual({
      failed: "write",
      error: "The database connection is closing.",
    });
    expect(stores.closed()).toBe(1);
    expect(await handle({ patch: { kind: "all", bitmap: bitmap() }, savedAt: 2, remixOf: null })).toEqual({
      written: true,
    });
    expect(stores.opened()).toBe(2);
  });

  it("no IndexedDB in the worker is a worker failure that says why", async () => {
    const canvases = fakeCanvases();
    const handle = createBackupMirror({
      createCanvas: canvases.createCanvas,
      openStore: async (unavailable) => {
        unavailable("SecurityError: storage is disabled");
        return null;
      },
    });
    expect(await handle({ patch: { kind: "all", bitmap: bitmap() }, savedAt: 1, remixOf: null })).toEqual({
      failed: "worker",
      error: "IndexedDB is unavailable in the worker: SecurityError: storage is disabled",
    });
  });
});
