import { describe, expect, it } from "vitest";
import { strokeBounds, unionRect } from "../engine/changed-area.ts";
import type { Stroke } from "../engine/types.ts";
import { MirrorSync, STROKES_BETWEEN_COPIES } from "./mirror-sync.ts";

/** A one-dot stroke, 3 px wide, at (x, x). */
function stroke(x: number): Stroke {
  return { style: { colour: "#000000", width: 3, eraser: false }, points: [{ x, y: x }], dot: true };
}

/** A sync whose mirror is whole: the first change was sent as all the pixels. */
function wholeSync(): MirrorSync {
  const sync = new MirrorSync();
  expect(sync.next(stroke(0))).toBe("all");
  return sync;
}

/** Sends strokes up to the limit, each as itself, so the next one must go as pixels. */
function reachLimit(sync: MirrorSync): void {
  for (let index = 1; index <= STROKES_BETWEEN_COPIES; index += 1)
    expect(sync.next(stroke(index))).toEqual({ stroke: stroke(index) });
}

describe("MirrorSync", () => {
  it("sends the first change as the whole drawing, whatever it is", () => {
    expect(new MirrorSync().next(stroke(1))).toBe("all");
    expect(new MirrorSync().next(null)).toBe("all");
  });

  it("then sends each committed stroke as itself, for the mirror to draw", () => {
    const sync = wholeSync();
    expect(sync.next(stroke(1))).toEqual({ stroke: stroke(1) });
    expect(sync.next(stroke(2))).toEqual({ stroke: stroke(2) });
  });

  it("sends the whole drawing for anything else (an undo, a tool) and after a lost mirror, then strokes again", () => {
    const sync = wholeSync();
    expect(sync.next(null)).toBe("all");
    expect(sync.next(stroke(1))).toEqual({ stroke: stroke(1) });
    sync.lost();
    expect(sync.next(stroke(2))).toBe("all");
    expect(sync.next(stroke(3))).toEqual({ stroke: stroke(3) });
  });

  it(`after ${STROKES_BETWEEN_COPIES} strokes sent as strokes, sends the rectangle every stroke since the last copy painted, then strokes again`, () => {
    const sync = wholeSync();
    reachLimit(sync);
    const painted = Array.from({ length: STROKES_BETWEEN_COPIES }, (_, index) =>
      strokeBounds(stroke(index + 1)),
    );
    const expected = painted.reduce(unionRect, strokeBounds(stroke(300)));
    expect(sync.next(stroke(300))).toEqual(expected);
    expect(sync.next(stroke(99))).toEqual({ stroke: stroke(99) });
  });

  it("a whole copy starts the count again", () => {
    const sync = wholeSync();
    reachLimit(sync);
    expect(sync.next(null)).toBe("all");
    reachLimit(sync);
  });

  it("strokes wholly off the canvas leave nothing to send when their rectangle is due", () => {
    const sync = wholeSync();
    for (let index = 0; index < STROKES_BETWEEN_COPIES; index += 1)
      expect(sync.next(stroke(-50))).toEqual({ stroke: stroke(-50) });
    expect(sync.next(stroke(-60))).toBeNull();
  });
});
