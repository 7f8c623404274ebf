import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  clampView,
  drawingPointAt,
  FIT,
  MAX_ZOOM,
  panBy,
  pinchView,
  stepZoom,
  type View,
  zoomAround,
} from "./view-geometry.ts";

const unit = fc.double({ min: 0, max: 1, noNaN: true });
const viewportPoint = fc.record({ x: unit, y: unit });
const view = fc
  .record({ zoom: fc.double({ min: 1, max: 8, noNaN: true }), x: unit, y: unit })
  .map(({ zoom, x, y }) => clampView({ zoom, x: -x * (zoom - 1), y: -y * (zoom - 1) }));

/** The view never shows anything beside the stage: the stage covers the whole viewport. */
function covers(shown: View): boolean {
  const eps = 1e-9;
  return (
    shown.x <= eps && shown.y <= eps && shown.x + shown.zoom >= 1 - eps && shown.y + shown.zoom >= 1 - eps
  );
}

describe("zoom and pan geometry", () => {
  it("zooming around a point keeps the drawing point under it unless the edges stop it", () => {
    fc.assert(
      fc.property(
        view,
        viewportPoint,
        fc.double({ min: 0.2, max: 5, noNaN: true }),
        (start, anchor, factor) => {
          const zoomed = zoomAround(start, factor, anchor);
          expect(covers(zoomed)).toBe(true);
          expect(zoomed.zoom).toBeGreaterThanOrEqual(1);
          expect(zoomed.zoom).toBeLessThanOrEqual(MAX_ZOOM);
          const unclamped = {
            zoom: zoomed.zoom,
            x: anchor.x - (anchor.x - start.x) * (zoomed.zoom / start.zoom),
            y: anchor.y - (anchor.y - start.y) * (zoomed.zoom / start.zoom),
          };
          if (covers(unclamped)) {
            const before = drawingPointAt(start, anchor);
            const after = drawingPointAt(zoomed, anchor);
            // covers() allows 1e-9 of overshoot that clampView then removes: compare to 1e-6.
            expect(after.x).toBeCloseTo(before.x, 6);
            expect(after.y).toBeCloseTo(before.y, 6);
          }
        },
      ),
    );
  });

  it("steps double from 1 to 8 and back, around the centre", () => {
    const zooms: number[] = [];
    let shown = FIT;
    for (let i = 0; i < 5; i++) {
      shown = stepZoom(shown, 1);
      zooms.push(shown.zoom);
    }
    expect(zooms).toEqual([2, 4, 8, 8, 8]);
    expect(drawingPointAt(shown, { x: 0.5, y: 0.5 })).toEqual({ x: 0.5, y: 0.5 });
    expect(stepZoom(stepZoom({ zoom: 3, x: -1, y: -1 }, -1), -1).zoom).toBe(1);
    expect(stepZoom({ zoom: 3, x: -1, y: -1 }, 1).zoom).toBe(4);
  });

  it("pans within the edges only", () => {
    fc.assert(
      fc.property(
        view,
        fc.double({ min: -3, max: 3, noNaN: true }),
        fc.double({ min: -3, max: 3, noNaN: true }),
        (start, dx, dy) => {
          expect(covers(panBy(start, dx, dy))).toBe(true);
        },
      ),
    );
    expect(panBy(FIT, 0.3, -0.3)).toEqual(FIT);
  });

  it("two fingers moved apart zoom around their midpoint; moved together they pan", () => {
    const start = { zoom: 2, x: -0.5, y: -0.5 };
    const fingersDown = [
      { x: 0.4, y: 0.5 },
      { x: 0.6, y: 0.5 },
    ] as const;
    const spread = pinchView(start, fingersDown, [
      { x: 0.3, y: 0.5 },
      { x: 0.7, y: 0.5 },
    ]);
    expect(spread.zoom).toBeCloseTo(4, 9);
    expect(drawingPointAt(spread, { x: 0.5, y: 0.5 }).x).toBeCloseTo(
      drawingPointAt(start, { x: 0.5, y: 0.5 }).x,
      9,
    );
    const moved = pinchView(start, fingersDown, [
      { x: 0.5, y: 0.6 },
      { x: 0.7, y: 0.6 },
    ]);
    expect(moved).toEqual({ zoom: 2, x: -0.4, y: -0.4 });
  });
});
