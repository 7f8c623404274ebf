import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures.ts";
import { blockMascot, canvasGeometry, choose, openDrawingPage, toViewport } from "../helpers/page.ts";
import type { Pixels } from "../helpers/pixels.ts";
import { changedBox, chooseTool, waitForCanvasChange } from "../helpers/tools.ts";

/** Places a yellow caption of `text` centred on `at`; answers the canvas after it and before it. */
async function placeCaption(page: Page, before: Pixels, text: string, at: { x: number; y: number }) {
  await chooseTool(page, "Text");
  const field = page.getByRole("textbox", { name: "Caption text" });
  await expect(field).toBeFocused();
  const tap = toViewport(await canvasGeometry(page), at);
  await page.mouse.click(tap.x, tap.y);
  await page.keyboard.insertText(text);
  await choose(page, "yellow");
  await field.focus();
  await page.keyboard.press("Enter");
  await expect(field).toHaveCount(0);
  return waitForCanvasChange(page, before, 500);
}

/** The caption's yellow (its letters' fill, inside their black outline) within what changed. */
function yellowIn(before: Pixels, after: Pixels): number {
  const box = changedBox(before, after);
  let yellow = 0;
  for (let y = box.top; y <= box.bottom; y++) {
    for (let x = box.left; x <= box.right; x++) {
      const i = (y * after.width + x) * 4;
      if (after.data[i] === 255 && after.data[i + 1] === 255 && after.data[i + 2] === 0) yellow++;
    }
  }
  return yellow;
}

test("a Cyrillic caption is lettered as boldly as a Latin one, not in the device's thin font", async ({
  page,
}) => {
  await blockMascot(page);
  const blank = await openDrawingPage(page);
  // Н, Е and Т are drawn like H, E and T: the same words in either script cover about as much of the drawing.
  const latin = await placeCaption(page, blank, "HET HET", { x: 300, y: 150 });
  const cyrillic = await placeCaption(page, latin, "НЕТ НЕТ", { x: 300, y: 420 });
  const latinYellow = yellowIn(blank, latin);
  const cyrillicYellow = yellowIn(latin, cyrillic);
  expect(latinYellow).toBeGreaterThan(1000);
  expect(cyrillicYellow / latinYellow).toBeGreaterThan(0.75);
  expect(cyrillicYellow / latinYellow).toBeLessThan(1.33);
});
