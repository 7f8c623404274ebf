import { BRUSH_SIZES, DEFAULT_BRUSH_SIZE } from "../../src/common/constants.ts";
import { expect, test } from "./fixtures.ts";
import { blockMascot, brushButton, choose, openDrawingPage, readCanvasPixels } from "./helpers/page.ts";
import { paletteRgba } from "./helpers/palette.ts";
import { changedPixelsInColumn, inkAcross, median } from "./helpers/pixels.ts";
import { mouseStroke } from "./helpers/strokes.ts";

const COLUMNS = [200, 250, 300, 350, 400];

test("the brush sizes are offered with 3 selected at start", async ({ page }) => {
  await openDrawingPage(page);
  for (const size of BRUSH_SIZES) {
    await expect(brushButton(page, size)).toHaveAttribute(
      "aria-pressed",
      String(size === DEFAULT_BRUSH_SIZE),
    );
  }
});

test("each brush size paints a stroke that wide, from 1 px to 12 px", async ({ page }) => {
  // A white canvas (no mascot) lets every pixel's share of ink be read from how dark it got.
  await blockMascot(page);
  let before = await openDrawingPage(page);
  const black = paletteRgba("black");
  for (const [i, size] of BRUSH_SIZES.entries()) {
    await choose(page, "black", size);
    const y = 100 + i * 90;
    await mouseStroke(page, [
      { x: 100, y },
      { x: 500, y },
    ]);
    const after = await readCanvasPixels(page);
    // Summed coverage across the stroke is its width whatever sub-pixel position it landed on.
    const width = median(COLUMNS.map((x) => inkAcross(before, after, x, black)));
    expect(width, `measured width of brush size ${size}`).toBeGreaterThan(size - 0.75);
    expect(width, `measured width of brush size ${size}`).toBeLessThan(size + 0.75);
    const touched = median(COLUMNS.map((x) => changedPixelsInColumn(before, after, x)));
    expect(touched, `pixels touched across brush size ${size}`).toBeLessThanOrEqual(size + 2);
    before = after;
  }
});
