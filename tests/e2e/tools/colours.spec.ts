import { expect, test } from "../fixtures.ts";
import { axeViolations } from "../helpers/axe.ts";
import { reloadRestored, waitForBackupOf } from "../helpers/backup.ts";
import {
  brushButton,
  canvasGeometry,
  openDrawingPage,
  readCanvasPixels,
  toViewport,
} from "../helpers/page.ts";
import { compareBitmaps, hexToRgba, pixelAtCanvasPoint } from "../helpers/pixels.ts";
import { mouseStroke } from "../helpers/strokes.ts";
import { colourAlong, toolButton } from "../helpers/tools.ts";

const PATH = [
  { x: 80, y: 560 },
  { x: 520, y: 560 },
];

test("a custom colour draws with exactly that colour, and is remembered as a recent colour after a reload", async ({
  page,
}) => {
  await openDrawingPage(page);
  await page.getByLabel("Custom colour", { exact: true }).fill("#3a7bd5");
  await brushButton(page, 12).click();
  await mouseStroke(page, PATH);
  const after = await readCanvasPixels(page);
  expect(colourAlong(after, PATH, hexToRgba("#3a7bd5"))).toEqual({
    modal: "58,123,213,255",
    maxDrift: expect.any(Number),
  });
  expect(colourAlong(after, PATH, hexToRgba("#3a7bd5")).maxDrift).toBeLessThanOrEqual(2);
  const recent = page.getByRole("button", { name: "Recent colour #3a7bd5", exact: true });
  await expect(recent).toHaveAttribute("aria-pressed", "true");

  // The stroke and the recent colour both survive a reload (backup in IndexedDB, colours in localStorage).
  await waitForBackupOf(page, after);
  expect(compareBitmaps(after, await reloadRestored(page)).differingPixels).toBe(0);
  await expect(recent).toBeVisible();
  await expect(recent).toHaveAttribute("aria-pressed", "false");
  await recent.click();
  await expect(recent).toHaveAttribute("aria-pressed", "true");
  // The tools with their colour controls, recent colours and zoom pass axe.
  expect(await axeViolations(page)).toEqual([]);
});

test("Pick colour (I) takes the drawing's colour under the pointer, and the next stroke has exactly it", async ({
  page,
}) => {
  const firstDisplay = await openDrawingPage(page);
  // Measured once the tools are in, so the canvas no longer moves.
  await expect(toolButton(page, "Pick colour")).toHaveAttribute("aria-pressed", "false");
  const geometry = await canvasGeometry(page);
  // A colour of the mascot that is in none of the palette's swatches.
  let source = { x: 0, y: 0 };
  for (let y = 150; y < 450 && source.x === 0; y += 7) {
    for (let x = 150; x < 450; x += 7) {
      const [r, g, b] = pixelAtCanvasPoint(firstDisplay, { x, y });
      const around = [-2, 0, 2].flatMap((dx) =>
        [-2, 0, 2].map((dy) => pixelAtCanvasPoint(firstDisplay, { x: x + dx, y: y + dy }).join()),
      );
      if (new Set(around).size === 1 && r + g + b < 600 && r + g + b > 60) {
        source = { x, y };
        break;
      }
    }
  }
  expect(source.x, "a flat mascot colour to pick").toBeGreaterThan(0);
  const picked = pixelAtCanvasPoint(firstDisplay, source);

  await page.keyboard.press("i");
  await expect(toolButton(page, "Pick colour")).toHaveAttribute("aria-pressed", "true");
  const at = toViewport(geometry, { x: source.x + 0.5, y: source.y + 0.5 });
  await page.mouse.click(at.x, at.y);
  // The pick hands the brush back and the picture is unchanged.
  await expect(toolButton(page, "Pick colour")).toHaveAttribute("aria-pressed", "false");
  expect(compareBitmaps(firstDisplay, await readCanvasPixels(page)).differingPixels).toBe(0);
  const hex = `#${picked
    .slice(0, 3)
    .map((channel) => channel.toString(16).padStart(2, "0"))
    .join("")}`;
  await expect(page.getByRole("button", { name: `Recent colour ${hex}`, exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );

  await brushButton(page, 12).click();
  await mouseStroke(page, PATH);
  const after = await readCanvasPixels(page);
  const along = colourAlong(after, PATH, picked);
  expect(along.modal).toBe(picked.join());
  expect(along.maxDrift).toBeLessThanOrEqual(2);
});
