import { expect, test } from "./fixtures.ts";
import { brushButton, choose, openDrawingPage, readCanvasPixels, swatch } from "./helpers/page.ts";
import { paletteRgba } from "./helpers/palette.ts";
import {
  colourDistance,
  compareBitmaps,
  distanceToPath,
  pixelAt,
  pixelAtCanvasPoint,
  pointsAlong,
  scaleOf,
} from "./helpers/pixels.ts";
import { mouseStroke } from "./helpers/strokes.ts";

test("the eraser paints opaque white over ink and background alike", async ({ page }) => {
  await openDrawingPage(page);
  const path = [
    { x: 150, y: 300 },
    { x: 450, y: 300 },
    { x: 450, y: 450 },
  ];
  await choose(page, "red", 3);
  await mouseStroke(page, path);
  expect(
    colourDistance(pixelAtCanvasPoint(await readCanvasPixels(page), { x: 300, y: 300 }), paletteRgba("red")),
  ).toBe(0);

  await brushButton(page, 12).click();
  await page.getByRole("button", { name: "Eraser", exact: true }).click();
  await expect(page.getByRole("button", { name: "Eraser", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await mouseStroke(page, path);
  const after = await readCanvasPixels(page);

  // A 12 px eraser fully covers everything within 4 px of its path, where the 3 px red stroke was. The ends are
  // left out: what is checked is the eraser following the path.
  const s = scaleOf(after);
  const ends = [path[0], path[path.length - 1]].filter((p) => p !== undefined);
  let checked = 0;
  const notWhite: string[] = [];
  for (let y = 0; y < after.height; y++) {
    for (let x = 0; x < after.width; x++) {
      const centre = { x: (x + 0.5) / s, y: (y + 0.5) / s };
      if (distanceToPath(centre, path) > 4) continue;
      if (ends.some((end) => Math.hypot(centre.x - end.x, centre.y - end.y) < 10)) continue;
      checked++;
      const found = pixelAt(after, x, y);
      if (colourDistance(found, [255, 255, 255, 255]) > 0)
        notWhite.push(`(${centre.x}, ${centre.y}): ${found}`);
    }
  }
  expect(notWhite.slice(0, 5), `${notWhite.length} erased pixels are not opaque white`).toEqual([]);
  expect(checked).toBeGreaterThan(1000);
});

test("the eraser toggles, and choosing a colour ends erasing", async ({ page }) => {
  await openDrawingPage(page);
  const eraser = page.getByRole("button", { name: "Eraser", exact: true });
  await expect(eraser).toHaveAttribute("aria-pressed", "false");
  await eraser.click();
  await expect(eraser).toHaveAttribute("aria-pressed", "true");
  await eraser.click();
  await expect(eraser).toHaveAttribute("aria-pressed", "false");
  await eraser.click();
  await expect(eraser).toHaveAttribute("aria-pressed", "true");

  await swatch(page, "blue").click();
  await expect(eraser).toHaveAttribute("aria-pressed", "false");
  await expect(swatch(page, "blue")).toHaveAttribute("aria-pressed", "true");
  const path = [
    { x: 100, y: 200 },
    { x: 500, y: 200 },
  ];
  await mouseStroke(page, path);
  const after = await readCanvasPixels(page);
  for (const point of pointsAlong(path, 10)) {
    expect(
      colourDistance(pixelAtCanvasPoint(after, point), paletteRgba("blue")),
      `blue at x=${point.x}`,
    ).toBe(0);
  }
});

test("Clear brings back exactly the first-display pixels", async ({ page }) => {
  const firstDisplay = await openDrawingPage(page);
  await choose(page, "purple", 12);
  await mouseStroke(page, [
    { x: 50, y: 50 },
    { x: 550, y: 550 },
  ]);
  await choose(page, "gold", 1);
  await mouseStroke(page, [
    { x: 550, y: 50 },
    { x: 50, y: 550 },
  ]);
  await page.getByRole("button", { name: "Eraser", exact: true }).click();
  await mouseStroke(page, [
    { x: 300, y: 20 },
    { x: 300, y: 580 },
  ]);
  expect(compareBitmaps(firstDisplay, await readCanvasPixels(page)).differingPixels).toBeGreaterThan(1000);

  await page.getByRole("button", { name: "Clear", exact: true }).click();
  await expect
    .poll(async () => compareBitmaps(firstDisplay, await readCanvasPixels(page)))
    .toEqual({ maxChannelDiff: 0, differingPixels: 0, firstAt: null });
});
