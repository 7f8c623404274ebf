import { describe, expect, it } from "vitest";
import { strokeBounds, unionRect } from "../engine/changed-area.ts";
import type { Stroke } from "../engine/types.ts";
import { MirrorSync, STROKES_BETWEEN_COPIES } from "./mirror-sync.ts";

/** A one-dot stroke, 3 px wide, at (x, x). */
function stroke(x: number): Stroke {
  return { style: { colour: "#000000", width: 3, eraser: false }, points: [{ x, y: x }], dot: true };
}

/** A stroke drawn and committed as the engine reports it: 'strokestart', then its 'change'. */
function commit(sync: MirrorSync, committed: Stroke): void {
  sync.strokeStarted();
  sync.changed(committed);
}

/** A sync whose mirror is level: the first copy (whole) is taken. */
function levelSync(): MirrorSync {
  const sync = new MirrorSync();
  expect(sync.take()).toBe("all");
  return sync;
}

/** Commits strokes up to the limit, each taken as a stroke, so the next take must copy pixels. */
function reachLimit(sync: MirrorSync): void {
  for (let index = 0; index < STROKES_BETWEEN_COPIES; index += 1) {
    commit(sync, stroke(index));
    expect(sync.take()).toEqual({ strokes: [stroke(index)] });
  }
}

/**
 * A sync whose next take must copy pixels, taken while a further stroke is being drawn: the copy is the last
 * committed stroke's rectangle, and that further stroke is live in it.
 */
function copiedDuringStroke(): MirrorSync {
  const sync = levelSync();
  reachLimit(sync);
  commit(sync, stroke(1));
  sync.strokeStarted();
  expect(sync.take()).toEqual(strokeBounds(stroke(1)));
  return sync;
}

describe("MirrorSync", () => {
  it("starts whole, then hands over each change once", () => {
    const sync = levelSync();
    expect(sync.take()).toBeNull();
    commit(sync, stroke(1));
    expect(sync.take()).toEqual({ strokes: [stroke(1)] });
    expect(sync.take()).toBeNull();
  });

  it("committed strokes since the last copy go as strokes, in order, for the mirror to draw itself", () => {
    const sync = levelSync();
    commit(sync, stroke(1));
    commit(sync, stroke(2));
    expect(sync.take()).toEqual({ strokes: [stroke(1), stroke(2)] });
  });

  it("anything else (an undo, a tool, a new first display) makes the next copy whole, strokes or not", () => {
    const sync = levelSync();
    commit(sync, stroke(1));
    sync.changed(null);
    commit(sync, stroke(2));
    expect(sync.take()).toBe("all");
    // A copy of pixels puts the mirror level again: strokes go as strokes.
    commit(sync, stroke(3));
    expect(sync.take()).toEqual({ strokes: [stroke(3)] });
  });

  it("the first copy is always whole, and a lost mirror's too, strokes or not", () => {
    const sync = new MirrorSync();
    commit(sync, stroke(1));
    expect(sync.take()).toBe("all");
    commit(sync, stroke(2));
    sync.lost();
    expect(sync.take()).toBe("all");
  });

  it(`after ${STROKES_BETWEEN_COPIES} strokes drawn by the mirror, the next copy is the rectangle the strokes since the last copy painted`, () => {
    const sync = levelSync();
    reachLimit(sync);
    commit(sync, stroke(99));
    commit(sync, stroke(300));
    expect(sync.take()).toEqual(unionRect(strokeBounds(stroke(99)), strokeBounds(stroke(300))));
    commit(sync, stroke(100));
    expect(sync.take()).toEqual({ strokes: [stroke(100)] });
  });

  it("strokes wholly off the canvas leave nothing to copy", () => {
    const sync = levelSync();
    reachLimit(sync);
    commit(sync, stroke(-50));
    expect(sync.take()).toBeNull();
  });

  it("a stroke copied while drawn and then committed needs only itself again", () => {
    const sync = copiedDuringStroke();
    sync.changed(stroke(2));
    sync.strokeStarted();
    expect(sync.take()).toEqual({ strokes: [stroke(2)] });
  });

  it("a stroke copied while drawn and then cancelled (a new stroke starts with no change) makes the next copy whole", () => {
    const sync = copiedDuringStroke();
    sync.strokeStarted();
    commit(sync, stroke(2));
    expect(sync.take()).toBe("all");
    // Once whole again, strokes go as strokes.
    commit(sync, stroke(3));
    expect(sync.take()).toEqual({ strokes: [stroke(3)] });
  });

  it("a cancelled stroke that was never copied changes nothing", () => {
    const sync = levelSync();
    sync.strokeStarted();
    sync.strokeStarted();
    commit(sync, stroke(1));
    expect(sync.take()).toEqual({ strokes: [stroke(1)] });
  });
});
