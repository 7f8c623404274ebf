import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { History, type HistoryOptions, maxCheckpoints, type RestorePlan } from "./history.ts";

/**
 * A fake bitmap: the list of paint operations the picture is made of. Restoring copies it; painting an
 * operation appends to it, and a clear repaints the background over everything — as the real canvas does.
 */
type FakeBitmap = readonly string[];
const FIRST_DISPLAY: FakeBitmap = ["background"];

/** An operation as the fake log keeps it: a label, or "clear". */
type FakeOperation = string;

function paint(bitmap: FakeBitmap, operation: FakeOperation): FakeBitmap {
  return operation === "clear" ? FIRST_DISPLAY : [...bitmap, operation];
}

/** The canvas side of the engine, over fake bitmaps and a fake log, counting what it costs. */
class FakeCanvas {
  picture: FakeBitmap = FIRST_DISPLAY;
  log: FakeOperation[] = [];
  live = new Set<FakeBitmap>();
  readonly history: History<FakeBitmap>;
  lastReplayLength = 0;

  constructor(options: HistoryOptions<FakeBitmap>) {
    this.history = new History(this.snapshot(), 0, {
      ...options,
      dispose: (bitmap) => this.live.delete(bitmap),
    });
  }

  snapshot(): FakeBitmap {
    const copy = [...this.picture];
    this.live.add(copy);
    return copy;
  }

  commit(operation: FakeOperation): void {
    this.picture = paint(this.picture, operation);
    this.log.length = this.history.position;
    this.log.push(operation);
    this.history.record(() => this.snapshot());
  }

  apply(plan: RestorePlan<FakeBitmap> | null): boolean {
    if (plan === null) return false;
    if (plan.restore !== null) this.picture = [...plan.restore];
    for (const operation of this.log.slice(plan.from, plan.to)) this.picture = paint(this.picture, operation);
    this.lastReplayLength = plan.restore === null ? 0 : plan.to - plan.from;
    return true;
  }
}

describe("history over bitmap checkpoints", () => {
  it("50 undos in a row land exactly on the first-display picture, and the 51st does nothing", () => {
    const canvas = new FakeCanvas({});
    for (let i = 0; i < 50; i++) canvas.commit(`s${i}`);
    for (let i = 0; i < 50; i++) expect(canvas.apply(canvas.history.undo())).toBe(true);
    expect(canvas.picture).toEqual(FIRST_DISPLAY);
    expect(canvas.history.canUndo).toBe(false);
    expect(canvas.apply(canvas.history.undo())).toBe(false);
  });

  it("undo and redo give the picture before and after a stroke, also across a clear", () => {
    const canvas = new FakeCanvas({ checkpointInterval: 3 });
    canvas.commit("a");
    canvas.commit("b");
    const beforeClear = canvas.picture;
    canvas.commit("clear");
    canvas.commit("c");
    const end = canvas.picture;
    canvas.apply(canvas.history.undo());
    expect(canvas.picture).toEqual(FIRST_DISPLAY);
    canvas.apply(canvas.history.undo());
    expect(canvas.picture).toEqual(beforeClear);
    canvas.apply(canvas.history.redo());
    canvas.apply(canvas.history.redo());
    expect(canvas.picture).toEqual(end);
    expect(canvas.history.canRedo).toBe(false);
  });

  it("a new stroke empties the redo stack", () => {
    const canvas = new FakeCanvas({});
    canvas.commit("a");
    canvas.commit("b");
    canvas.apply(canvas.history.undo());
    expect(canvas.history.canRedo).toBe(true);
    canvas.commit("c");
    expect(canvas.history.canRedo).toBe(false);
    expect(canvas.history.redo()).toBeNull();
    expect(canvas.picture).toEqual(["background", "a", "c"]);
  });

  it("an undo at 1,000 strokes restores one checkpoint and replays at most K - 1 actions", () => {
    const canvas = new FakeCanvas({ checkpointInterval: 10, maxUndoSteps: 100 });
    for (let i = 0; i < 1000; i++) canvas.commit(`s${i}`);
    for (let i = 0; i < 100; i++) {
      canvas.apply(canvas.history.undo());
      expect(canvas.lastReplayLength).toBeLessThanOrEqual(9);
    }
    expect(canvas.picture).toHaveLength(1 + 900);
  });

  it("keeps at least N undo steps and at most the stated number of checkpoints, releasing the rest", () => {
    const canvas = new FakeCanvas({ checkpointInterval: 10, maxUndoSteps: 100 });
    for (let i = 0; i < 1000; i++) {
      canvas.commit(`s${i}`);
      expect(canvas.history.undoDepth).toBeGreaterThanOrEqual(Math.min(100, i + 1));
      expect(canvas.history.undoDepth).toBeLessThanOrEqual(109);
      expect(canvas.history.checkpointCount).toBeLessThanOrEqual(maxCheckpoints(10, 100));
      expect(canvas.live.size).toBe(canvas.history.checkpointCount);
    }
    expect(maxCheckpoints(10, 100)).toBe(11);
    canvas.history.dispose();
    expect(canvas.live.size).toBe(0);
  });

  it("at a fold, the released checkpoint is disposed before the new one is taken (so it can be reused)", () => {
    const events: string[] = [];
    const history = new History<string>("base", 0, { dispose: (bitmap) => events.push(`dispose ${bitmap}`) });
    for (let i = 1; i < 110; i++) history.record(() => `cp${i}`);
    // The 110th operation both folds the oldest 10 away and needs a checkpoint of its own.
    history.record(() => {
      events.push("snapshot");
      return "cp110";
    });
    expect(events).toEqual(["dispose base", "snapshot"]);
    expect(history.checkpointCount).toBe(maxCheckpoints(10, 100));
  });

  it("any mix of strokes, clears, undos and redos shows exactly the picture the visitor expects", () => {
    type Command = "stroke" | "clear" | "undo" | "redo";
    const command = fc.constantFrom<Command>("stroke", "stroke", "clear", "undo", "undo", "redo");
    const settings = fc.record({
      interval: fc.integer({ min: 1, max: 5 }),
      steps: fc.integer({ min: 1, max: 12 }),
    });
    fc.assert(
      fc.property(settings, fc.array(command, { maxLength: 120 }), ({ interval, steps }, commands) => {
        const canvas = new FakeCanvas({ checkpointInterval: interval, maxUndoSteps: steps });
        // The model: every operation ever done (never folded) and how many of them are in effect.
        let done: FakeOperation[] = [];
        let position = 0;
        const expected = () => done.slice(0, position).reduce(paint, FIRST_DISPLAY);
        let label = 0;
        for (const step of commands) {
          if (step === "stroke" || step === "clear") {
            const action = step === "clear" ? "clear" : `s${label++}`;
            done = [...done.slice(0, position), action];
            position += 1;
            // Actions folded into the base stay done but can never be undone again, so the promise is
            // relative: a new action adds one undo step, up to at least N kept.
            const undoableBefore = canvas.history.undoDepth;
            canvas.commit(action);
            expect(canvas.history.undoDepth).toBeGreaterThanOrEqual(Math.min(steps, undoableBefore + 1));
          } else if (step === "undo") {
            if (canvas.apply(canvas.history.undo())) position -= 1;
            expect(canvas.lastReplayLength).toBeLessThanOrEqual(interval - 1);
          } else if (canvas.apply(canvas.history.redo())) {
            position += 1;
          }
          expect(canvas.picture).toEqual(expected());
          expect(canvas.history.undoDepth + canvas.history.redoDepth).toBeLessThanOrEqual(
            steps + interval - 1,
          );
          expect(canvas.history.checkpointCount).toBeLessThanOrEqual(maxCheckpoints(interval, steps));
          expect(canvas.live.size).toBe(canvas.history.checkpointCount);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("current() repaints the present state (a cancelled stroke leaves no trace) in at most K - 1 replays", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("stroke", "fill", "undo", "redo"), { maxLength: 60 }),
        fc.integer({ min: 1, max: 6 }),
        (commands, interval) => {
          const canvas = new FakeCanvas({ checkpointInterval: interval, maxUndoSteps: 8 });
          let label = 0;
          for (const step of commands) {
            if (step === "undo") canvas.apply(canvas.history.undo());
            else if (step === "redo") canvas.apply(canvas.history.redo());
            else canvas.commit(step === "fill" ? "fill" : `s${label++}`);
          }
          const present = canvas.picture;
          canvas.picture = [...present, "a live stroke the second finger took back"];
          canvas.apply(canvas.history.current());
          expect(canvas.picture).toEqual(present);
          expect(canvas.lastReplayLength).toBeLessThanOrEqual(interval - 1);
        },
      ),
    );
  });

  it("a history begun at a restored picture of the first operations undoes down to it and redoes what was undone", () => {
    const history = new History<string>("restored", 40, { checkpointInterval: 10 });
    expect(history.canUndo).toBe(false);
    for (let i = 41; i <= 55; i++) history.record(() => `cp${i}`);
    expect(history.undoDepth).toBe(15);
    history.keepRedo(0);
    while (history.undo() !== null);
    expect(history.position).toBe(40);
    expect(history.current()).toEqual({ restore: "restored", from: 40, to: 40 });
    expect(history.redo()).toEqual({ restore: null, from: 40, to: 41 });
  });

  it("keeps the undone operations a restore brings for redo, and drops them at the next operation", () => {
    const history = new History<string>("base", 0, { checkpointInterval: 4 });
    history.record(() => "one");
    history.keepRedo(3);
    expect(history.redoDepth).toBe(3);
    expect(history.redo()).toEqual({ restore: null, from: 1, to: 2 });
    history.record(() => "new");
    expect(history.canRedo).toBe(false);
  });
});
