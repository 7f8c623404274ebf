import { describe, expect, it } from "vitest";
import type { Stroke } from "../engine/types.ts";
import { type Patch, packStrokes, type WorkerAnswer, type WriteMessage } from "./backup-messages.ts";
import { createBackupMirror, type MirrorDependencies } from "./backup-mirror.ts";
import type { BackupStore, DrawingBackup } from "./backup-store.ts";

/** A fake 2D canvas that records the calls the mirror makes and "encodes" them as a PNG of their list. */
function fakeCanvases() {
  const calls: string[] = [];
  const record =
    (name: string) =>
    (...args: unknown[]) =>
      calls.push(`${name} ${args.filter((arg) => typeof arg === "number").join(",")}`);
  const context = {
    globalCompositeOperation: "source-over",
    drawImage: (_: ImageBitmap, x: number, y: number) =>
      calls.push(`drawImage ${context.globalCompositeOperation} at ${x},${y}`),
    beginPath: () => {},
    moveTo: record("moveTo"),
    lineTo: record("lineTo"),
    quadraticCurveTo: record("quadraticCurveTo"),
    arc: record("arc"),
    fill: () => {},
    stroke: () => {},
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
      writeAtOnce: () => {
        throw new Error("the worker never writes at once");
      },
      close: () => closed++,
    };
    return store;
  };
  return { openStore, written, opened: () => opened, closed: () => closed };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** What the fake canvas "encoded" into a stored PNG. */
function pngText(backup: DrawingBackup | undefined): Promise<string> | undefined {
  return backup?.image instanceof Blob ? backup.image.text() : undefined;
}

/** A fake bitmap that records whether it was freed. */
function bitmap(): ImageBitmap & { closed: boolean } {
  const fake = { closed: false, close: () => (fake.closed = true) };
  return fake as unknown as ImageBitmap & { closed: boolean };
}

const LINE: Stroke = {
  style: { colour: "#000000", width: 4, eraser: false },
  points: [
    { x: 20, y: 30 },
    { x: 40, y: 50 },
  ],
  dot: false,
};

type PixelsPatch = Extract<Patch, { kind: "pixels" }> & { bitmap: { closed: boolean } };

function write(seq: number, patch: Patch | null, ack = false): WriteMessage {
  return { seq, patch, savedAt: seq * 10, remixOf: seq % 2 === 0 ? "r1" : null, ack };
}

function whole(): PixelsPatch {
  return { kind: "pixels", whole: true, x: 0, y: 0, bitmap: bitmap() };
}

function area(x: number, y: number): PixelsPatch {
  return { kind: "pixels", whole: false, x, y, bitmap: bitmap() };
}

function lines(count = 1): Patch {
  return { kind: "strokes", strokes: packStrokes(Array.from({ length: count }, () => LINE)) };
}

/** A mirror over fake canvases and stores, its answers collected. */
function setUp(openStore?: MirrorDependencies["openStore"], failWrites = 0) {
  const canvases = fakeCanvases();
  const stores = fakeStores(failWrites);
  const answers: WorkerAnswer[] = [];
  const receive = createBackupMirror({
    createCanvas: canvases.createCanvas,
    openStore: openStore ?? stores.openStore,
    answer: (answer) => answers.push(answer),
  });
  return { ...canvases, ...stores, answers, receive };
}

describe("createBackupMirror", () => {
  it("copies the whole drawing, then draws the strokes and patches the rectangles it is sent, storing each write with its record", async () => {
    const { receive, written, created, opened } = setUp();
    receive(write(1, whole()));
    await settle();
    receive(write(2, lines(2)));
    await settle();
    receive(write(3, area(5, 6)));
    await settle();
    receive(write(4, null));
    await settle();
    expect(written.map(({ savedAt, remixOf }) => ({ savedAt, remixOf }))).toEqual([
      { savedAt: 10, remixOf: null },
      { savedAt: 20, remixOf: "r1" },
      { savedAt: 30, remixOf: null },
      { savedAt: 40, remixOf: "r1" },
    ]);
    expect(await pngText(written[2])).toBe(
      [
        "drawImage copy at 0,0",
        "moveTo 20,30",
        "lineTo 40,50",
        "moveTo 20,30",
        "lineTo 40,50",
        "drawImage source-over at 5,6",
      ].join(";"),
    );
    expect(created()).toBe(1);
    expect(opened()).toBe(1);
  });

  it("answers only a write that asked for it (the page's proof of life), through the last write stored with it", async () => {
    const { receive, answers } = setUp();
    receive(write(1, whole()));
    await settle();
    expect(answers).toEqual([]);
    receive(write(2, lines()));
    // 3 and 4 come while 2 is being stored: they are stored together, and 3's question is answered through 4.
    receive(write(3, lines(), true));
    receive(write(4, lines()));
    await settle();
    expect(answers).toEqual([{ kind: "written", through: 4 }]);
  });

  it("writes that come during a write are applied in order and stored once after it, with the last one's record", async () => {
    const { receive, written, calls } = setUp();
    receive(write(1, whole()));
    receive(write(2, lines()));
    receive(write(3, area(1, 2)));
    await settle();
    expect(written.map(({ savedAt }) => savedAt)).toEqual([10, 30]);
    expect(calls).toEqual([
      "drawImage copy at 0,0",
      "moveTo 20,30",
      "lineTo 40,50",
      "drawImage source-over at 1,2",
    ]);
  });

  it("a whole copy among waiting writes replaces the patches before it, freeing their pixels undrawn", async () => {
    const { receive, calls } = setUp();
    receive(write(1, whole()));
    const patch = area(1, 1);
    const replaced = whole();
    receive(write(2, patch));
    receive(write(3, replaced));
    receive(write(4, whole()));
    receive(write(5, lines()));
    await settle();
    expect(calls).toEqual(["drawImage copy at 0,0", "drawImage copy at 0,0", "moveTo 20,30", "lineTo 40,50"]);
    expect([patch.bitmap.closed, replaced.bitmap.closed]).toEqual([true, true]);
  });

  it("cannot update a copy it does not have: a worker failure, after which it ignores the page, freeing what it gets", async () => {
    const { receive, answers, written } = setUp();
    receive(write(1, lines()));
    await settle();
    expect(answers).toEqual([
      { kind: "failed", failure: "worker", error: "the worker has no copy to update" },
    ]);
    const late = whole();
    receive(write(2, late, true));
    await settle();
    expect(written).toEqual([]);
    expect(late.bitmap.closed).toBe(true);
    expect(answers).toHaveLength(1);
  });

  it("a failed IndexedDB write is a write failure, answered unasked; its copy stays whole, and the next write opens a new connection", async () => {
    const { receive, answers, written, opened, closed } = setUp(undefined, 1);
    receive(write(1, whole()));
    await settle();
    expect(answers).toEqual([
      { kind: "failed", failure: "write", through: 1, error: "The database connection is closing." },
    ]);
    expect(closed()).toBe(1);
    receive(write(2, lines(), true));
    await settle();
    expect(answers.at(-1)).toEqual({ kind: "written", through: 2 });
    expect(opened()).toBe(2);
    expect(await pngText(written[0])).toBe("drawImage copy at 0,0;moveTo 20,30;lineTo 40,50");
  });

  it("no IndexedDB in the worker is a worker failure that says why", async () => {
    const { receive, answers } = setUp(async (unavailable) => {
      unavailable("SecurityError: storage is disabled");
      return null;
    });
    receive(write(1, whole()));
    await settle();
    expect(answers).toEqual([
      {
        kind: "failed",
        failure: "worker",
        error: "IndexedDB is unavailable in the worker: SecurityError: storage is disabled",
      },
    ]);
  });
});
