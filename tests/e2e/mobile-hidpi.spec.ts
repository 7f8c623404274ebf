import { CANVAS_SIZE } from "../../src/common/constants.ts";
import { expect, test } from "./fixtures.ts";
import { choose, openDrawingPage, readCanvasPixels } from "./helpers/page.ts";
import { paletteRgba } from "./helpers/palette.ts";
import { changesOutsidePaths, colourDistance, pixelAtCanvasPoint, pointsAlong } from "./helpers/pixels.ts";
import { decodePng } from "./helpers/png.ts";
import { saveImage } from "./helpers/save.ts";
import { TouchScreen } from "./helpers/strokes.ts";

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

test("at devicePixelRatio 2 the canvas is sharp, a stroke lands under the finger and the PNG stays 600 x 600", async ({
  page,
}) => {
  const firstDisplay = await openDrawingPage(page);
  expect([firstDisplay.width, firstDisplay.height]).toEqual([CANVAS_SIZE * 2, CANVAS_SIZE * 2]);
  await choose(page, "orange", 8);
  const path = [
    { x: 80, y: 520 },
    { x: 300, y: 90 },
    { x: 520, y: 520 },
  ];
  await new TouchScreen(page).strokeOnCanvas(path);
  const after = await readCanvasPixels(page);
  const orange = paletteRgba("orange");
  for (const point of pointsAlong(path, 25)) {
    expect(
      colourDistance(pixelAtCanvasPoint(after, point), orange),
      `orange at (${point.x}, ${point.y})`,
    ).toBe(0);
  }
  expect(changesOutsidePaths(firstDisplay, after, [path], 8 / 2 + 4)).toEqual({ count: 0, samples: [] });

  const saved = await decodePng((await saveImage(page)).downloadBytes);
  expect([saved.width, saved.height]).toEqual([CANVAS_SIZE, CANVAS_SIZE]);
  for (const point of pointsAlong(path, 25)) {
    expect(
      colourDistance(pixelAtCanvasPoint(saved, point), orange),
      `saved orange at (${point.x}, ${point.y})`,
    ).toBeLessThanOrEqual(2);
  }
});
