import { describe, expect, it } from "vitest";
import type { DrawingDocument, Operation } from "../../common/drawing-document/types.ts";
import { buildTimeline, LANDING_MS, MAX_GAP_MS, MAX_PLAYBACK_MS, stateAt } from "./timeline.ts";

/** A stroke at `time` whose points come every `every` ms, `count` of them. */
function stroke(time: number, count: number, every = 16): Operation {
  const range = Array.from({ length: count }, (_, index) => index);
  return {
    kind: "stroke",
    author: 0,
    time,
    style: { colour: "#000000", width: 3, eraser: false },
    dot: true,
    points: { x: range.map((i) => 100 + i), y: range.map(() => 100), elapsed: range.map((i) => i * every) },
  };
}

const doc = (operations: Operation[]): DrawingDocument => ({ start: { kind: "white" }, operations });

describe("a timelapse's timeline", () => {
  it("keeps a short doodle at its real speed and cuts idle gaps to MAX_GAP_MS", () => {
    // Three strokes of 160 ms, ten seconds apart (the visitor thinking between them).
    const timeline = buildTimeline(doc([stroke(0, 11), stroke(10_000, 11), stroke(20_000, 11)]));
    expect(timeline.speed).toBe(1);
    expect(timeline.steps.map((step) => step.start)).toEqual([0, 160 + MAX_GAP_MS, 2 * (160 + MAX_GAP_MS)]);
    expect(timeline.duration).toBe(3 * 160 + 2 * MAX_GAP_MS);
  });

  it("fits a long making into MAX_PLAYBACK_MS, every part sped up alike", () => {
    const operations = Array.from({ length: 1000 }, (_, index) => stroke(index * 2000, 50, 20));
    const timeline = buildTimeline(doc(operations));
    expect(timeline.duration).toBeCloseTo(MAX_PLAYBACK_MS, 6);
    expect(timeline.speed).toBeGreaterThan(1);
    const [first, second] = timeline.steps;
    expect(second?.start).toBeCloseTo((980 + MAX_GAP_MS) / timeline.speed, 6);
    expect(first?.pointTimes?.[49]).toBeCloseTo(980 / timeline.speed, 6);
  });

  it("lands a caption, sticker, fill or Clear at once and holds it a moment", () => {
    const fill: Operation = {
      kind: "fill",
      author: 0,
      time: 500,
      x: 1,
      y: 1,
      colour: "#ff0000",
      tolerance: 48,
    };
    const timeline = buildTimeline(doc([stroke(0, 3), fill, stroke(900, 3)]));
    expect(timeline.steps[1]).toEqual({ start: 32 + MAX_GAP_MS, complete: 32 + MAX_GAP_MS });
    expect(timeline.steps[2]?.start).toBe(32 + MAX_GAP_MS + LANDING_MS + (900 - (500 + LANDING_MS)));
  });

  it("says what is on the picture at each moment: done operations and the stroke's points so far", () => {
    const timeline = buildTimeline(doc([stroke(0, 5), stroke(100, 5)]));
    expect(stateAt(timeline, 0)).toEqual({ done: 0, partialPoints: 1 });
    expect(stateAt(timeline, 33)).toEqual({ done: 0, partialPoints: 3 });
    expect(stateAt(timeline, 64)).toEqual({ done: 1 });
    expect(stateAt(timeline, 64 + 36 + 20)).toEqual({ done: 1, partialPoints: 2 });
    expect(stateAt(timeline, timeline.duration)).toEqual({ done: 2 });
    expect(stateAt(timeline, timeline.duration + 5000)).toEqual({ done: 2 });
  });

  it("never goes back in time when operations' own times do (a room's several clocks)", () => {
    const timeline = buildTimeline(doc([stroke(5000, 3), stroke(1000, 3)]));
    expect(timeline.steps[1]?.start).toBe(32);
  });
});
