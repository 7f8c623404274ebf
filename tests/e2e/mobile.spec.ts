import { CANVAS_SIZE } from "../../src/common/constants.ts";
import { expect, test } from "./fixtures.ts";
import {
  canvasGeometry,
  canvasToViewport,
  drawingCanvas,
  openDrawingPage,
  openWithBrush,
  readCanvasPixels,
} from "./helpers/page.ts";
import { paletteRgba } from "./helpers/palette.ts";
import { changesOutsidePaths, colourDistance, pixelAtCanvasPoint, pointsAlong } from "./helpers/pixels.ts";
import { TouchScreen } from "./helpers/strokes.ts";
import { makePageScrollable, viewState } from "./helpers/viewport.ts";

const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true } as const;
// The canvas is shown at about 0.55 CSS px per canvas unit here, so a finger position rounds to ~2 canvas units.
const MARGIN = 4;

test.use({ ...PHONE, deviceScaleFactor: 1 });

test("on a 360 px wide phone the page fits without sideways scrolling", async ({ page }) => {
  await openDrawingPage(page);
  const layout = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(layout.innerWidth).toBe(360);
  expect(layout.scrollWidth).toBeLessThanOrEqual(360);
  const geometry = await canvasGeometry(page);
  expect(geometry.left).toBeGreaterThanOrEqual(0);
  expect(geometry.left + geometry.width).toBeLessThanOrEqual(360);
  expect(geometry.height).toBeCloseTo(geometry.width, 0);
  const bitmap = await drawingCanvas(page).evaluate((c) => [
    (c as HTMLCanvasElement).width,
    (c as HTMLCanvasElement).height,
  ]);
  expect(bitmap).toEqual([CANVAS_SIZE, CANVAS_SIZE]);
});

test("a finger drawing on the canvas never scrolls the page and the stroke lands under it", async ({
  page,
}) => {
  const firstDisplay = await openWithBrush(page, "magenta", 12);
  await makePageScrollable(page);
  const touch = new TouchScreen(page);
  await canvasGeometry(page); // brings the canvas into view before the position is taken
  const start = await viewState(page);

  // Upward and sideways: the gestures that would scroll the page anywhere else.
  const path = [
    { x: 150, y: 540 },
    { x: 150, y: 60 },
    { x: 480, y: 60 },
    { x: 480, y: 400 },
  ];
  await touch.strokeOnCanvas(path);
  expect(await viewState(page)).toEqual(start);

  const after = await readCanvasPixels(page);
  for (const point of pointsAlong(path, 25)) {
    const found = pixelAtCanvasPoint(after, point);
    expect(
      colourDistance(found, paletteRgba("magenta")),
      `magenta at (${point.x}, ${point.y}), found ${found}`,
    ).toBe(0);
  }
  expect(changesOutsidePaths(firstDisplay, after, [path], 12 / 2 + MARGIN)).toEqual({
    count: 0,
    samples: [],
  });

  // The same swipe off the canvas does scroll: proof that the check above could have failed.
  await page.locator("#e2e-spacer").evaluate((spacer) => spacer.scrollIntoView({ block: "start" }));
  const beforeSwipe = await viewState(page);
  await touch.swipe([
    { x: 180, y: 600 },
    { x: 180, y: 300 },
  ]);
  await expect.poll(async () => (await viewState(page)).scrollY).toBeGreaterThan(beforeSwipe.scrollY + 100);
});

test("a second finger during a stroke never draws a line between the fingers", async ({ page }) => {
  const firstDisplay = await openWithBrush(page, "red", 5);
  const start = await viewState(page);
  const inViewport = await canvasToViewport(page);
  const at = (x: number, y: number) => inViewport({ x, y });
  const touch = new TouchScreen(page);

  const first = { id: 1 };
  const second = { id: 2 };
  await touch.touch("touchStart", [{ ...first, ...at(100, 100) }]);
  for (let x = 110; x <= 250; x += 10) await touch.touch("touchMove", [{ ...first, ...at(x, 100) }]);
  await touch.touch("touchStart", [
    { ...first, ...at(250, 100) },
    { ...second, ...at(450, 450) },
  ]);
  for (let d = 10; d <= 50; d += 10) {
    await touch.touch("touchMove", [
      { ...first, ...at(250 + d, 100) },
      { ...second, ...at(450 + d, 450) },
    ]);
  }
  // The first finger goes on while the second rests; then both lift (the protocol's touchEnd lifts every finger).
  await touch.touch("touchMove", [{ ...first, ...at(310, 100) }]);
  await touch.touch("touchMove", [{ ...first, ...at(330, 100) }]);
  await touch.release();

  const after = await readCanvasPixels(page);
  const firstFinger = [
    { x: 100, y: 100 },
    { x: 330, y: 100 },
  ];
  const secondFinger = [
    { x: 450, y: 450 },
    { x: 500, y: 450 },
  ];
  for (const point of pointsAlong(
    [
      { x: 100, y: 100 },
      { x: 250, y: 100 },
    ],
    10,
  )) {
    expect(colourDistance(pixelAtCanvasPoint(after, point), paletteRgba("red")), `red at x=${point.x}`).toBe(
      0,
    );
  }
  // Whatever the second finger did, nothing may appear away from the two fingers' own paths.
  expect(changesOutsidePaths(firstDisplay, after, [firstFinger, secondFinger], 5 / 2 + MARGIN)).toEqual({
    count: 0,
    samples: [],
  });
  expect(await viewState(page)).toMatchObject({ zoom: start.zoom });
});
