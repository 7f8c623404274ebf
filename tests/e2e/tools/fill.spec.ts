import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures.ts";
import { axeViolations } from "../helpers/axe.ts";
import { brushButton, choose, openBlankPage, openDrawingPage, readCanvasPixels } from "../helpers/page.ts";
import { hexToRgba, type Pixels } from "../helpers/pixels.ts";
import { mouseStroke } from "../helpers/strokes.ts";
import {
  chooseTool,
  circlePath,
  expectUndoRedoAndRestore,
  pixelsAtDistance,
  rgbaAt,
  toolButton,
  waitForCanvasChange,
} from "../helpers/tools.ts";

const CENTRE = { x: 300, y: 300 };
const RADIUS = 150;
const BRUSH = 8;
// Antialiasing and smoothing may reach a little beyond half the brush width.
const BAND = BRUSH / 2 + 3;

/** A black circle outline on a white canvas; returns its pixels. */
async function drawOutline(page: Page): Promise<Pixels> {
  await openBlankPage(page);
  await choose(page, "black", BRUSH);
  await mouseStroke(page, circlePath(CENTRE, RADIUS), 4);
  return readCanvasPixels(page);
}

test("Fill paints the whole enclosed area, nothing outside it, leaves no light halo, and undoes exactly", async ({
  page,
}) => {
  const outlined = await drawOutline(page);

  await choose(page, "red");
  await chooseTool(page, "Fill");
  const canvas = page.locator('canvas[aria-label="Drawing canvas"]');
  const box = await canvas.boundingBox();
  if (box === null) throw new Error("no canvas box");
  await page.mouse.click(box.x + (CENTRE.x * box.width) / 600, box.y + (CENTRE.y * box.height) / 600);
  const filled = await waitForCanvasChange(page, outlined, 0);

  const red = hexToRgba("#ff0000");
  const inner = pixelsAtDistance(filled, CENTRE, 0, RADIUS - BAND);
  expect(inner.filter((index) => rgbaAt(filled, index).join() !== red.join()).length, "inside not red").toBe(
    0,
  );
  const outside = pixelsAtDistance(filled, CENTRE, RADIUS + BAND, 1000);
  expect(
    outside.filter((index) => rgbaAt(filled, index).join() !== rgbaAt(outlined, index).join()).length,
  ).toBe(0);
  // From the fill up to the middle of the outline, every pixel is red, black or a mix of the two: no white
  // or grey fringe between them (green and blue stay at 0 in such mixes).
  const rim = pixelsAtDistance(filled, CENTRE, RADIUS - BAND, RADIUS);
  const light = rim.filter((index) => Math.max(rgbaAt(filled, index)[1], rgbaAt(filled, index)[2]) > 8);
  expect(light.length, "light pixels between fill and outline").toBe(0);

  // Undone and redone, the fill survives a reload through the browser backup.
  await expectUndoRedoAndRestore(page, outlined, filled);
  await expect(toolButton(page, "Fill")).toHaveAttribute("aria-pressed", "false");
});

test("Fill has no size: the brush sizes are hidden while it is on, and back with the brush", async ({
  page,
}) => {
  await openDrawingPage(page);
  const size = brushButton(page, 3);
  await expect(size).toBeVisible();
  await chooseTool(page, "Fill");
  await expect(size).toBeHidden();
  await toolButton(page, "Fill").click();
  await expect(toolButton(page, "Fill")).toHaveAttribute("aria-pressed", "false");
  await expect(size).toBeVisible();
});

test("F turns Fill on and off from the keyboard", async ({ page }) => {
  await openDrawingPage(page);
  await expect(toolButton(page, "Fill")).toHaveAttribute("aria-pressed", "false");
  await page.keyboard.press("f");
  await expect(toolButton(page, "Fill")).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("f");
  await expect(toolButton(page, "Fill")).toHaveAttribute("aria-pressed", "false");
});

test("Fill and Pick colour from the keyboard alone: a point moved with the arrows, Enter acts there", async ({
  page,
}) => {
  const outlined = await drawOutline(page);
  await choose(page, "green");
  await page.keyboard.press("f");
  const point = page.getByRole("button", { name: /^Fill at 300, 300/ });
  await point.focus();
  // Eight steps of 25 px right: outside the circle, at (500, 300).
  for (let step = 0; step < 8; step++) await page.keyboard.press("Shift+ArrowRight");
  await expect(page.getByRole("button", { name: /^Fill at 500, 300/ })).toBeFocused();
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press("Enter");
  const filled = await waitForCanvasChange(page, outlined, 0);
  // Outside the circle is green now, inside is still white.
  expect(rgbaAt(filled, 20 * 600 + 20)).toEqual(hexToRgba("#00ff00"));
  expect(rgbaAt(filled, 300 * 600 + 300)).toEqual(hexToRgba("#ffffff"));

  // Pick colour takes the green back after the brush is changed; the point is where it was left.
  await choose(page, "black");
  await page.keyboard.press("i");
  await page.getByRole("button", { name: /^Pick colour at/ }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Recent colour #00ff00", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
});
