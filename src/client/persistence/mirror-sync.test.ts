import { describe, expect, it } from "vitest";
import type { Stroke } from "../engine/types.ts";
import { MirrorSync, STROKES_BETWEEN_COPIES } from "./mirror-sync.ts";

const A = { x: 10, y: 10, width: 20, height: 20 };
const B = { x: 100, y: 0, width: 5, height: 5 };

function stroke(x: number): Stroke {
  return { style: { colour: "#000000", width: 3, eraser: false }, points: [{ x, y: x }], dot: true };
}

/** A stroke drawn and committed as the engine reports it: 'strokestart', 'strokeend', then its 'change'. */
function commit(sync: MirrorSync, committed: Stroke, area = A): void {
  sync.strokeStarted();
  sync.strokeCommitted(committed);
  sync.changed(area);
}

describe("MirrorSync", () => {
  it("starts whole, then hands over each change once", () => {
    const sync = new MirrorSync();
    expect(sync.take()).toBe("all");
    expect(sync.take()).toBeNull();
    sync.strokeStarted();
    sync.changed(A);
    expect(sync.take()).toEqual(A);
    expect(sync.take()).toBeNull();
  });

  it("merges changes into their bounding rectangle; 'all' wins whatever comes before or after it", () => {
    const sync = new MirrorSync();
    sync.take();
    sync.changed(A);
    sync.changed(B);
    expect(sync.take()).toEqual({ x: 10, y: 0, width: 95, height: 30 });
    sync.changed(A);
    sync.changed("all");
    sync.changed(B);
    expect(sync.take()).toBe("all");
  });

  it("a lost mirror is copied whole next, changes or not", () => {
    const sync = new MirrorSync();
    sync.take();
    sync.changed(A);
    sync.lost();
    expect(sync.take()).toBe("all");
  });

  it("a stroke copied while drawn and then committed needs only its own rectangle", () => {
    const sync = new MirrorSync();
    sync.take();
    sync.strokeStarted();
    expect(sync.take()).toBeNull();
    sync.changed(A);
    sync.strokeStarted();
    expect(sync.take()).toEqual(A);
  });

  it("a stroke copied while drawn and then cancelled (a new stroke starts with no change) makes the next copy whole", () => {
    const sync = new MirrorSync();
    sync.take();
    sync.changed(B);
    sync.strokeStarted();
    expect(sync.take()).toEqual(B);
    sync.strokeStarted();
    sync.changed(A);
    expect(sync.take()).toBe("all");
    // Once whole again, strokes go back to rectangles.
    sync.strokeStarted();
    sync.changed(A);
    expect(sync.take()).toEqual(A);
  });

  it("a cancelled stroke that was never copied changes nothing", () => {
    const sync = new MirrorSync();
    sync.take();
    sync.strokeStarted();
    sync.strokeStarted();
    sync.changed(A);
    expect(sync.take()).toEqual(A);
  });

  it("committed strokes alone since the last copy go as strokes, in order, for the mirror to draw itself", () => {
    const sync = new MirrorSync();
    expect(sync.take()).toBe("all");
    const first = stroke(1);
    const second = stroke(2);
    commit(sync, first);
    commit(sync, second, B);
    expect(sync.take()).toEqual({ strokes: [first, second] });
    expect(sync.take()).toBeNull();
  });

  it("anything else since the last copy (an undo, a tool) sends the pixels of everything changed instead", () => {
    const sync = new MirrorSync();
    sync.take();
    commit(sync, stroke(1));
    sync.changed(B);
    expect(sync.take()).toEqual({ x: 10, y: 0, width: 95, height: 30 });
    commit(sync, stroke(2));
    sync.changed("all");
    expect(sync.take()).toBe("all");
    // A copy of pixels puts the mirror level again: strokes go as strokes.
    const third = stroke(3);
    commit(sync, third);
    expect(sync.take()).toEqual({ strokes: [third] });
  });

  it("the first copy is always pixels, and a lost mirror too, strokes or not", () => {
    const sync = new MirrorSync();
    commit(sync, stroke(1));
    expect(sync.take()).toBe("all");
    commit(sync, stroke(2));
    sync.lost();
    expect(sync.take()).toBe("all");
  });

  it(`after ${STROKES_BETWEEN_COPIES} strokes drawn by the mirror, the next change goes as pixels`, () => {
    const sync = new MirrorSync();
    sync.take();
    for (let index = 0; index < STROKES_BETWEEN_COPIES; index += 1) {
      commit(sync, stroke(index));
      expect(sync.take()).toEqual({ strokes: [stroke(index)] });
    }
    commit(sync, stroke(99));
    expect(sync.take()).toEqual(A);
    commit(sync, stroke(100));
    expect(sync.take()).toEqual({ strokes: [stroke(100)] });
  });

  it("a stroke whose pixels fall outside the canvas (its change is 'all') goes as pixels", () => {
    const sync = new MirrorSync();
    sync.take();
    sync.strokeStarted();
    sync.strokeCommitted(stroke(1));
    sync.changed("all");
    expect(sync.take()).toBe("all");
  });
});
