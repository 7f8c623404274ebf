import { describe, expect, it } from "vitest";
import type { Stroke } from "../engine/types.ts";
import {
  BACKUP_DELAY_MS,
  BACKUP_MAX_WAIT_MS,
  type ChangeMessage,
  packStroke,
  type WorkerAnswer,
} from "./backup-messages.ts";
import { createBackupMirror, type MirrorDependencies } from "./backup-mirror.ts";
import type { BackupStore, DrawingBackup } from "./backup-store.ts";
import { manualTimers } from "./manual-timers.ts";

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
      close: () => closed++,
    };
    return store;
  };
  return { openStore, written, opened: () => opened, closed: () => closed };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

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

type PixelsMessage = Extract<ChangeMessage, { kind: "pixels" }> & { bitmap: { closed: boolean } };

function whole(seq: number, remixOf: string | null = null): PixelsMessage {
  return { kind: "pixels", whole: true, x: 0, y: 0, bitmap: bitmap(), seq, remixOf };
}

function area(seq: number, x: number, y: number): PixelsMessage {
  return { kind: "pixels", whole: false, x, y, bitmap: bitmap(), seq, remixOf: null };
}

function line(seq: number, remixOf: string | null = null): ChangeMessage {
  return { kind: "stroke", ...packStroke(LINE), seq, remixOf };
}

/** A mirror over fake canvases, stores and timers, its answers collected. */
function setUp(openStore?: MirrorDependencies["openStore"], failWrites = 0) {
  const canvases = fakeCanvases();
  const stores = fakeStores(failWrites);
  const timers = manualTimers();
  const answers: WorkerAnswer[] = [];
  let clock = 100;
  const receive = createBackupMirror({
    createCanvas: canvases.createCanvas,
    openStore: openStore ?? stores.openStore,
    timers,
    answer: (answer) => answers.push(answer),
    now: () => clock++,
  });
  return { ...canvases, ...stores, timers, answers, receive };
}

describe("createBackupMirror", () => {
  it("writes nothing until the visitor rests, then applies every change told since, in order, in one write", async () => {
    const { receive, timers, answers, written, calls } = setUp();
    receive(whole(1));
    receive(line(2));
    receive(area(3, 5, 6));
    receive(line(4, "r1"));
    await settle();
    expect(written).toEqual([]);
    expect(calls, "nothing is drawn before a write is due").toEqual([]);

    timers.fireDelay(BACKUP_DELAY_MS);
    await settle();
    expect(answers).toEqual([{ kind: "written", through: 4 }]);
    expect(written.map(({ savedAt, remixOf }) => ({ savedAt, remixOf }))).toEqual([
      { savedAt: 100, remixOf: "r1" },
    ]);
    expect(await written[0]?.blob.text()).toBe(
      [
        "drawImage copy at 0,0",
        "moveTo 20,30",
        "lineTo 40,50",
        "drawImage source-over at 5,6",
        "moveTo 20,30",
        "lineTo 40,50",
      ].join(";"),
    );
    expect(timers.pending(), "nothing waits once written").toBe(0);
  });

  it("each change waits the quiet time again, and the first one is written within the maximum wait however many follow", async () => {
    const { receive, timers, answers } = setUp();
    receive(whole(1));
    expect(timers.delays().sort((a, b) => a - b)).toEqual([BACKUP_DELAY_MS, BACKUP_MAX_WAIT_MS]);
    receive(line(2));
    receive(line(3));
    expect(
      timers.delays().sort((a, b) => a - b),
      "one quiet time, restarted",
    ).toEqual([BACKUP_DELAY_MS, BACKUP_MAX_WAIT_MS]);
    timers.fireDelay(BACKUP_MAX_WAIT_MS);
    await settle();
    expect(answers).toEqual([{ kind: "written", through: 3 }]);
  });

  it("a flush writes what waits at once; with nothing waiting it does nothing", async () => {
    const { receive, answers, written } = setUp();
    receive({ kind: "flush" });
    await settle();
    expect(written).toEqual([]);
    receive(whole(1));
    receive({ kind: "flush" });
    await settle();
    expect(answers).toEqual([{ kind: "written", through: 1 }]);
  });

  it("changes told during a write go into the next one", async () => {
    const { receive, timers, answers } = setUp();
    receive(whole(1));
    timers.fireDelay(BACKUP_DELAY_MS);
    // The write takes what waits as it starts, in the next microtask.
    await Promise.resolve();
    receive(line(2));
    await settle();
    expect(answers).toEqual([{ kind: "written", through: 1 }]);
    timers.fireDelay(BACKUP_DELAY_MS);
    await settle();
    expect(answers).toEqual([
      { kind: "written", through: 1 },
      { kind: "written", through: 2 },
    ]);
  });

  it("a whole copy replaces the changes waiting before it, freeing their pixels undrawn", async () => {
    const { receive, calls } = setUp();
    const first = whole(1);
    const patch = area(2, 1, 1);
    receive(first);
    receive(patch);
    receive(line(3));
    receive(whole(4));
    receive({ kind: "flush" });
    await settle();
    expect(calls).toEqual(["drawImage copy at 0,0"]);
    expect([first, patch].map((message) => message.bitmap.closed)).toEqual([true, true]);
  });

  it("cannot update a copy it does not have: a worker failure, after which it ignores the page, freeing what it gets", async () => {
    const { receive, answers, written } = setUp();
    receive(line(1));
    receive({ kind: "flush" });
    await settle();
    expect(answers).toEqual([
      { kind: "failed", failure: "worker", error: "the worker has no copy to update" },
    ]);
    const late = whole(2);
    receive(late);
    receive({ kind: "flush" });
    await settle();
    expect(written).toEqual([]);
    expect(late.bitmap.closed).toBe(true);
    expect(answers).toHaveLength(1);
  });

  it("a failed IndexedDB write is a write failure; its copy stays whole, and the next write opens a new connection", async () => {
    const { receive, answers, written, opened, closed } = setUp(undefined, 1);
    receive(whole(1));
    receive({ kind: "flush" });
    await settle();
    expect(answers).toEqual([
      { kind: "failed", failure: "write", through: 1, error: "The database connection is closing." },
    ]);
    expect(closed()).toBe(1);
    receive(line(2));
    receive({ kind: "flush" });
    await settle();
    expect(answers.at(-1)).toEqual({ kind: "written", through: 2 });
    expect(opened()).toBe(2);
    expect(await written[0]?.blob.text()).toBe("drawImage copy at 0,0;moveTo 20,30;lineTo 40,50");
  });

  it("no IndexedDB in the worker is a worker failure that says why", async () => {
    const { receive, answers } = setUp(async (unavailable) => {
      unavailable("SecurityError: storage is disabled");
      return null;
    });
    receive(whole(1));
    receive({ kind: "flush" });
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
