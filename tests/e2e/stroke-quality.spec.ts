import type { Point } from "../../src/client/engine/types.ts";
import { expect, test } from "./fixtures.ts";
import { RawMouse, recordCoalescedCounts } from "./helpers/coalesced-input.ts";
import {
  canvasGeometry,
  canvasToViewport,
  openDrawingPage,
  openWithBrush,
  readCanvasPixels,
} from "./helpers/page.ts";
import { paletteRgba } from "./helpers/palette.ts";
import { colourDistance, compareBitmaps, type Pixels, pixelAtCanvasPoint } from "./helpers/pixels.ts";
import { drawStroke } from "./helpers/strokes.ts";

const BRUSH = 12;

/** A steep zig-zag across the canvas: 13 corners, 40 canvas px apart across, 400 px up and down. */
const ZIG_ZAG: readonly Point[] = Array.from({ length: 13 }, (_, i) => ({
  x: 60 + 40 * i,
  y: i % 2 === 0 ? 100 : 500,
}));

/**
 * Points about 4 canvas px apart along the middle of each segment of the polyline (30 % to 70 % of it). The
 * stroke passes through every input point and keeps these steep turns as corners (decision 0015); where a
 * gentler turn is curved, the curve stays within 3 px of the middle part, so that part must be all brush colour:
 * a gap between two far-apart input positions, or a corner lost because a coalesced position was skipped
 * (the stroke would cut straight across), both leave samples there uncoloured.
 */
function samplesAlongSegments(path: readonly Point[], perSegment = 40): Point[] {
  const samples: Point[] = [];
  for (let i = 0; i + 1 < path.length; i++) {
    const a = path[i] as Point;
    const b = path[i + 1] as Point;
    for (let k = 0; k < perSegment; k++) {
      const t = 0.3 + (0.4 * k) / (perSegment - 1);
      samples.push({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });
    }
  }
  return samples;
}

/** Asserts the brush colour at every sample of the path: the stroke is continuous and kept its corners. */
function expectContinuous(pixels: Pixels, path: readonly Point[], colourName: string): void {
  const colour = paletteRgba(colourName);
  const missing = samplesAlongSegments(path).filter(
    (point) => colourDistance(pixelAtCanvasPoint(pixels, point), colour) > 2,
  );
  expect(missing, `points along the path without ${colourName}`).toEqual([]);
}

test.describe("a fast zig-zag stroke stays continuous", () => {
  test("when every corner arrives as its own pointer move, far from the last", async ({ page }) => {
    await openWithBrush(page, "magenta", BRUSH);
    const [first, ...corners] = ZIG_ZAG.map(await canvasToViewport(page));
    const mouse = new RawMouse(page);
    await mouse.press(first as Point);
    await mouse.dragThrough(corners);
    await mouse.release(corners.at(-1) as Point);
    expectContinuous(await readCanvasPixels(page), ZIG_ZAG, "magenta");
  });

  test("when all its corners arrive as the coalesced positions of one pointer move", async ({ page }) => {
    await openWithBrush(page, "magenta", BRUSH);
    const [first, ...corners] = ZIG_ZAG.map(await canvasToViewport(page));
    const coalescedCounts = await recordCoalescedCounts(page, 'canvas[aria-label="Drawing canvas"]');
    const mouse = new RawMouse(page);
    await mouse.press(first as Point);
    await mouse.dragThroughInOneFrame(corners);
    await mouse.release(corners.at(-1) as Point);
    // The test only proves something if the browser really coalesced corners into one event: most of them
    // (on a loaded machine Chromium may flush the first few early). An engine that drew only each event's
    // own position would then skip those corners and leave gaps along the path.
    expect(Math.max(0, ...(await coalescedCounts())), "corners in one pointermove").toBeGreaterThanOrEqual(
      Math.ceil(corners.length / 2),
    );
    expectContinuous(await readCanvasPixels(page), ZIG_ZAG, "magenta");
  });
});

test.describe("resizing the window", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("leaves every pixel of the canvas bitmap as it was", async ({ page }) => {
    await openDrawingPage(page);
    const before = await drawStroke(page, "green", 8, [
      { x: 90, y: 500 },
      { x: 300, y: 80 },
      { x: 520, y: 480 },
    ]);
    const wideWidth = (await canvasGeometry(page)).width;

    await page.setViewportSize({ width: 400, height: 800 });
    const narrowWidth = (await canvasGeometry(page)).width;
    expect(narrowWidth, "the canvas is shown smaller on the narrow window").toBeLessThan(wideWidth);
    const narrow = await readCanvasPixels(page);
    expect(compareBitmaps(narrow, before), "at 400 x 800").toEqual({
      maxChannelDiff: 0,
      differingPixels: 0,
      firstAt: null,
    });

    await page.setViewportSize({ width: 1280, height: 900 });
    const back = await readCanvasPixels(page);
    expect(compareBitmaps(back, before), "back at 1280 x 900").toEqual({
      maxChannelDiff: 0,
      differingPixels: 0,
      firstAt: null,
    });
  });
});
