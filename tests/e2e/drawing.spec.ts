import type { Point } from "../../src/client/engine/types.ts";
import { expect, test } from "./fixtures.ts";
import { RawMouse } from "./helpers/coalesced-input.ts";
import { canvasToViewport, choose, drawingCanvas, openWithBrush, readCanvasPixels } from "./helpers/page.ts";
import { paletteRgba } from "./helpers/palette.ts";
import {
  changesOutsidePaths,
  colourDistance,
  type Pixels,
  pixelAtCanvasPoint,
  pointsAlong,
} from "./helpers/pixels.ts";
import { densify, mouseStroke, mouseStrokeMoveByMove, TouchScreen } from "./helpers/strokes.ts";

// Rounded caps, antialiasing and smoothing may colour a little beyond half the brush width; nothing farther.
const MARGIN = 3;

/** Asserts the stroke's colour along the middle 70 % of its path. */
function expectColourAlong(after: Pixels, path: readonly Point[], colourName: string): void {
  const colour = paletteRgba(colourName);
  for (const point of pointsAlong(path, 25)) {
    const found = pixelAtCanvasPoint(after, point);
    expect(
      colourDistance(found, colour),
      `${colourName} at (${point.x}, ${point.y}), found ${found}`,
    ).toBeLessThanOrEqual(2);
  }
}

test("a mouse stroke leaves the chosen colour along its path and nothing elsewhere", async ({ page }) => {
  const firstDisplay = await openWithBrush(page, "red", 5);
  const path = [
    { x: 120, y: 150 },
    { x: 480, y: 150 },
    { x: 480, y: 420 },
    { x: 200, y: 520 },
  ];
  await mouseStroke(page, path);
  const after = await readCanvasPixels(page);
  expectColourAlong(after, path, "red");
  expect(changesOutsidePaths(firstDisplay, after, [path], 5 / 2 + MARGIN)).toEqual({ count: 0, samples: [] });
});

test("a mouse stroke stops when the pointer leaves the canvas", async ({ page }) => {
  const firstDisplay = await openWithBrush(page, "blue", 5);
  const inside = [
    { x: 300, y: 100 },
    { x: -40, y: 100 },
  ];
  // Still pressed, the pointer goes round outside and comes back in far from where it left: that part must not draw.
  await mouseStrokeMoveByMove(page, [...inside, { x: -40, y: 400 }, { x: 300, y: 400 }, { x: 500, y: 400 }]);
  const after = await readCanvasPixels(page);
  expectColourAlong(after, [inside[0] as Point, { x: 0, y: 100 }], "blue");
  expect(changesOutsidePaths(firstDisplay, after, [inside], 5 / 2 + MARGIN)).toEqual({
    count: 0,
    samples: [],
  });
});

test("a mouse stroke stops where it left the canvas when it went out and back in within one frame", async ({
  page,
}) => {
  const firstDisplay = await openWithBrush(page, "blue", 5);
  const inside = [
    { x: 300, y: 100 },
    { x: 10, y: 100 },
  ];
  const inViewport = await canvasToViewport(page);
  const [press, ...moves] = densify(inside).map(inViewport);
  // Out, down and back in: the browser sees the pointer over the canvas at the frame, so it sends no
  // pointerleave, only one pointermove whose coalesced positions go out and back.
  const outAndBack = [
    { x: -20, y: 100 },
    { x: -20, y: 400 },
    { x: 20, y: 400 },
    { x: 300, y: 400 },
  ].map(inViewport);
  const mouse = new RawMouse(page);
  await mouse.press(press as Point);
  await mouse.dragThrough(moves);
  await mouse.dragThroughInOneFrame(outAndBack);
  await mouse.release(outAndBack.at(-1) as Point);
  const after = await readCanvasPixels(page);
  expectColourAlong(after, [inside[0] as Point, { x: 0, y: 100 }], "blue");
  expect(
    changesOutsidePaths(
      firstDisplay,
      after,
      [
        inside,
        [
          { x: 10, y: 100 },
          { x: -20, y: 100 },
        ],
      ],
      5 / 2 + MARGIN,
    ),
  ).toEqual({ count: 0, samples: [] });
});

test("a canvas given a border and padding between strokes, its box the same size, still draws under the pointer", async ({
  page,
}) => {
  await openWithBrush(page, "red", 5);
  const before = [
    { x: 100, y: 100 },
    { x: 250, y: 100 },
  ];
  await mouseStroke(page, before);
  expectColourAlong(await readCanvasPixels(page), before, "red");

  // Its own style changes (a border and padding inside the same border box): the content box moves and shrinks,
  // with no size of the element changing. mouseStroke measures the content box as the page shows it.
  await drawingCanvas(page).evaluate((canvas) => {
    canvas.style.boxSizing = "border-box";
    canvas.style.border = "12px solid transparent";
    canvas.style.padding = "9px";
  });
  await choose(page, "blue", 5);
  const after = [
    { x: 120, y: 300 },
    { x: 480, y: 300 },
    { x: 480, y: 500 },
  ];
  await mouseStroke(page, after);
  expectColourAlong(await readCanvasPixels(page), after, "blue");
});

test.describe("on a touch screen", () => {
  test.use({ hasTouch: true });

  test("a touch stroke leaves the chosen colour along its path and nothing elsewhere", async ({ page }) => {
    const firstDisplay = await openWithBrush(page, "green", 8);
    const path = [
      { x: 500, y: 80 },
      { x: 100, y: 300 },
      { x: 500, y: 540 },
    ];
    await new TouchScreen(page).strokeOnCanvas(path);
    const after = await readCanvasPixels(page);
    expectColourAlong(after, path, "green");
    expect(changesOutsidePaths(firstDisplay, after, [path], 8 / 2 + MARGIN)).toEqual({
      count: 0,
      samples: [],
    });
  });
});
