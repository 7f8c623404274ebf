import { describe, expect, it } from "vitest";
import { strokeBounds, unionRect } from "../engine/changed-area.ts";
import type { Stroke } from "../engine/types.ts";
import { MirrorSync, STROKES_BETWEEN_COPIES } from "./mirror-sync.ts";

/** A one-dot stroke, 3 px wide, at (x, x). */
function stroke(x: number): Stroke {
  return { style: { colour: "#000000", width: 3, eraser: false }, points: [{ x, y: x }], dot: true };
}

/** A sync whose mirror is whole: the first copy (all of it) is taken. */
function wholeSync(): MirrorSync {
  const sync = new MirrorSync();
  expect(sync.needsPixels(true)).toBe(true);
  expect(sync.take(true)).toBe("all");
  return sync;
}

/** Strokes up to the limit, each taken as a stroke, so the next take must copy pixels. */
function reachLimit(sync: MirrorSync): void {
  for (let index = 0; index < STROKES_BETWEEN_COPIES; index += 1) {
    sync.changed(stroke(index));
    expect(sync.take(true)).toEqual({ strokes: [stroke(index)] });
  }
}

describe("MirrorSync", () => {
  it("starts lacking everything, then hands over each change once", () => {
    const sync = wholeSync();
    expect(sync.take(true)).toBeNull();
    sync.changed(stroke(1));
    expect(sync.needsPixels(true)).toBe(false);
    expect(sync.take(true)).toEqual({ strokes: [stroke(1)] });
    expect(sync.take(true)).toBeNull();
  });

  it("committed strokes since the last take go as strokes, in order, for the mirror to draw itself", () => {
    const sync = wholeSync();
    sync.changed(stroke(1));
    sync.changed(stroke(2));
    expect(sync.take(true)).toEqual({ strokes: [stroke(1), stroke(2)] });
  });

  it("anything else (an undo, a tool) or a lost mirror makes the next copy whole, strokes or not", () => {
    const sync = wholeSync();
    sync.changed(stroke(1));
    sync.changed(null);
    sync.changed(stroke(2));
    expect(sync.needsPixels(true)).toBe(true);
    expect(sync.take(true)).toBe("all");
    sync.changed(stroke(3));
    expect(sync.take(true)).toEqual({ strokes: [stroke(3)] });
    sync.lost();
    expect(sync.take(true)).toBe("all");
  });

  it(`after ${STROKES_BETWEEN_COPIES} strokes drawn by the mirror, the next copy is the rectangle the strokes since the last take painted`, () => {
    const sync = wholeSync();
    reachLimit(sync);
    sync.changed(stroke(99));
    sync.changed(stroke(300));
    expect(sync.needsPixels(true)).toBe(true);
    expect(sync.take(true)).toEqual(unionRect(strokeBounds(stroke(99)), strokeBounds(stroke(300))));
    sync.changed(stroke(100));
    expect(sync.take(true)).toEqual({ strokes: [stroke(100)] });
  });

  it("while the visitor keeps drawing, strokes go as strokes though their rectangle is due; the next take at a rest copies it", () => {
    const sync = wholeSync();
    reachLimit(sync);
    sync.changed(stroke(99));
    expect(sync.needsPixels(false)).toBe(false);
    expect(sync.take(false)).toEqual({ strokes: [stroke(99)] });
    sync.changed(stroke(300));
    expect(sync.take(true)).toEqual(strokeBounds(stroke(300)));
  });

  it("a whole copy is due whether the visitor rests or not", () => {
    const sync = new MirrorSync();
    expect(sync.needsPixels(false)).toBe(true);
    expect(sync.take(false)).toBe("all");
  });

  it("strokes wholly off the canvas leave nothing to copy", () => {
    const sync = wholeSync();
    reachLimit(sync);
    sync.changed(stroke(-50));
    expect(sync.take(true)).toBeNull();
  });
});
