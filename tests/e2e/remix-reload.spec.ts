import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { openRestoredPage, reloadRestored, waitForBackupOf } from "./helpers/backup.ts";
import { readCanvasPixels } from "./helpers/page.ts";
import { colourDistance, compareBitmaps, pixelAtCanvasPoint, type Rgba } from "./helpers/pixels.ts";
import { lopsidedPng, RED, saveDrawing, WHITE } from "./helpers/remix.ts";
import { mouseStroke } from "./helpers/strokes.ts";

const STROKE = [
  { x: 250, y: 300 },
  { x: 350, y: 300 },
];

/** Whether the canvas pixel under canvas point (x, y) is near `colour`. */
async function isNear(page: Page, x: number, y: number, colour: Rgba): Promise<boolean> {
  return colourDistance(pixelAtCanvasPoint(await readCanvasPixels(page), { x, y }), colour) < 40;
}

/** Every dialog the page opens, dismissed (a reload of one's own remix must never ask anything). */
function recordDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return dialogs;
}

test("a reloaded remix keeps the visitor's strokes over the remix without asking; Clear still comes back to the remix", async ({
  page,
  request,
  baseURL,
}) => {
  const original = await saveDrawing(request, baseURL ?? "", await lopsidedPng());
  const dialogs = recordDialogs(page);
  await openRestoredPage(page, `/?remix=${original.id}`);
  await expect.poll(() => isNear(page, 120, 120, RED)).toBe(true);
  await mouseStroke(page, STROKE);
  const drawn = await readCanvasPixels(page);
  await waitForBackupOf(page, drawn);

  const reloaded = await reloadRestored(page);
  expect(dialogs).toEqual([]);
  await expect(page).toHaveURL(`/?remix=${original.id}`);
  expect(compareBitmaps(reloaded, drawn, 2)).toMatchObject({ differingPixels: 0 });
  // The remix is still the first display: Clear comes back to it, not to the mascot.
  await page.getByRole("button", { name: "Clear", exact: true }).click();
  expect(await isNear(page, 300, 300, WHITE)).toBe(true);
  expect(await isNear(page, 120, 120, RED)).toBe(true);
  expect(await isNear(page, 480, 120, WHITE)).toBe(true);
});
