import { PALETTE } from "../../src/common/constants.ts";
import { expect, test } from "./fixtures.ts";
import { choose, openBlankPage, openDrawingPage, readCanvasPixels, swatch } from "./helpers/page.ts";
import { colourDistance, hexToRgba, pixelAtCanvasPoint } from "./helpers/pixels.ts";
import { mouseStroke } from "./helpers/strokes.ts";

test("the 15 colours are offered in the spec's order with black selected at start", async ({ page }) => {
  await openDrawingPage(page);
  const handles = await Promise.all(PALETTE.map((colour) => swatch(page, colour.name).elementHandle()));
  for (let i = 0; i + 1 < handles.length; i++) {
    const follows = await page.evaluate(
      ([a, b]) => Boolean(a && b && a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING),
      [handles[i], handles[i + 1]] as const,
    );
    expect(follows, `${PALETTE[i + 1]?.name} comes after ${PALETTE[i]?.name}`).toBe(true);
  }
  for (const colour of PALETTE) {
    await expect(swatch(page, colour.name)).toHaveAttribute("aria-pressed", String(colour.name === "black"));
  }
});

test("every swatch paints exactly its colour", async ({ page }) => {
  await openBlankPage(page);
  for (const [i, colour] of PALETTE.entries()) {
    await choose(page, colour.name, 8);
    for (const other of PALETTE) {
      await expect(swatch(page, other.name)).toHaveAttribute("aria-pressed", String(other === colour));
    }
    const y = 20 + i * 38;
    // A straight line needs few intermediate points.
    await mouseStroke(
      page,
      [
        { x: 100, y },
        { x: 500, y },
      ],
      25,
    );
  }
  const after = await readCanvasPixels(page);
  for (const [i, colour] of PALETTE.entries()) {
    for (const x of [150, 300, 450]) {
      const found = pixelAtCanvasPoint(after, { x, y: 20 + i * 38 });
      expect(
        colourDistance(found, hexToRgba(colour.value)),
        `${colour.name} at x=${x}, found ${found}`,
      ).toBeLessThanOrEqual(1);
    }
  }
});
