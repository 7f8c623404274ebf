import { describe, expect, it } from "vitest";
import { LiveStroke } from "./live-stroke.ts";
import type { Surface } from "./surface.ts";

const style = { colour: "#ff0000", width: 5, eraser: false };

/** A surface that only notes which segments it was asked to draw, and frames that come when the test says. */
function liveStroke() {
  const drawn: [number, number][] = [];
  const surface = {
    drawStroke: (_style: unknown, _points: unknown, from: number, to: number) => drawn.push([from, to]),
  } as unknown as Surface;
  let frame: (() => void) | null = null;
  const stroke = new LiveStroke(surface, (callback) => {
    frame = callback;
    return () => {
      frame = null;
    };
  });
  const nextFrame = () => {
    const callback = frame;
    frame = null;
    callback?.();
  };
  return { stroke, drawn, nextFrame, framePending: () => frame !== null };
}

describe("LiveStroke", () => {
  it("draws a frame's moves in one visit to the surface, just before the frame", () => {
    const { stroke, drawn, nextFrame } = liveStroke();
    stroke.start(style, { x: 10, y: 10, at: 0 });
    for (let move = 1; move <= 10; move++) stroke.extend(10 + move * 5, 10, undefined, move * 2);
    expect(drawn).toEqual([]);
    nextFrame();
    // The moves came before the press's frame: the first segment covers the dot, which is left out.
    expect(drawn).toEqual([[1, 11]]);
    for (let move = 11; move <= 15; move++) stroke.extend(10 + move * 5, 10, undefined, move * 2);
    nextFrame();
    expect(drawn).toEqual([
      [1, 11],
      [11, 16],
    ]);
    expect(stroke.finish(null)?.dot).toBe(false);
    expect(drawn).toHaveLength(2);
  });

  it("paints the dot at the frame when no move came first, then the segments after it", () => {
    const { stroke, drawn, nextFrame } = liveStroke();
    stroke.start(style, { x: 10, y: 10, at: 0 });
    nextFrame();
    expect(drawn).toEqual([[0, 1]]);
    stroke.extend(20, 10, undefined, 5);
    nextFrame();
    expect(drawn).toEqual([
      [0, 1],
      [1, 2],
    ]);
    expect(stroke.finish(null)?.dot).toBe(true);
  });

  it("paints what waits for the frame at the release, so the recorded stroke is on the surface in full", () => {
    const { stroke, drawn, framePending } = liveStroke();
    stroke.start(style, { x: 10, y: 10, at: 0 });
    stroke.extend(20, 10, undefined, 5);
    stroke.extend(30, 10, undefined, 9);
    const finished = stroke.finish({ x: 40, y: 10, at: 12 });
    expect(drawn).toEqual([[1, 4]]);
    expect(finished?.points.x).toEqual([10, 20, 30, 40]);
    expect(framePending()).toBe(false);
  });

  it("paints a tap released before its frame as its dot alone", () => {
    const { stroke, drawn } = liveStroke();
    stroke.start(style, { x: 10, y: 10, at: 0 });
    expect(stroke.finish({ x: 10, y: 10, at: 3 })?.dot).toBe(true);
    expect(drawn).toEqual([[0, 1]]);
  });

  it("draws nothing of a stroke dropped before its frame", () => {
    const { stroke, drawn, nextFrame, framePending } = liveStroke();
    stroke.start(style, { x: 10, y: 10, at: 0 });
    stroke.extend(20, 10, undefined, 5);
    expect(stroke.drop()).toBe(true);
    expect(framePending()).toBe(false);
    nextFrame();
    expect(drawn).toEqual([]);
  });
});
