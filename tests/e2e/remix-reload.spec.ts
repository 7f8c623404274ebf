import type { Page } from "@playwright/test";
import { drawingImagePath } from "../../src/common/permalink.ts";
import { expect, test } from "./fixtures.ts";
import { openRestoredPage, reloadRestored, waitForBackupOf } from "./helpers/backup.ts";
import { isBrandingImage, servedBranding } from "./helpers/branding.ts";
import { drawingCanvas, readCanvasPixels } from "./helpers/page.ts";
import { compareBitmaps } from "./helpers/pixels.ts";
import { isNear, lopsidedPng, RED, WHITE } from "./helpers/remix.ts";
import { mouseStroke } from "./helpers/strokes.ts";
import { saveDrawing } from "./helpers/wall.ts";

const STROKE = [
  { x: 250, y: 300 },
  { x: 350, y: 300 },
];

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

test("on a remix page the board takes no stroke before the remix is its background, so none is wiped by it", async ({
  page,
  request,
  baseURL,
}) => {
  const original = await saveDrawing(request, baseURL ?? "", await lopsidedPng());
  const { mascotImage } = await servedBranding(page);
  // The remixed drawing is held until the test lets it through; the mascot arrives as usual.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let remixAsked: () => void = () => undefined;
  const remixRequested = new Promise<void>((resolve) => {
    remixAsked = resolve;
  });
  await page.route(`**${drawingImagePath(original.id)}`, async (route) => {
    remixAsked();
    await held;
    await route.continue();
  });
  const mascotServed = page.waitForResponse((response) =>
    isBrandingImage(new URL(response.url()), mascotImage),
  );
  // Not waiting for the load event: a held image the page fetched early would hold that event back too.
  await page.goto(`/?remix=${original.id}`, { waitUntil: "commit" });
  await Promise.all([remixRequested, mascotServed]);
  const canvas = drawingCanvas(page);
  // The mascot is in, the remix is not: a visitor's stroke now must not be taken (the remix would wipe it).
  await mouseStroke(page, STROKE);
  const readyBeforeRemix = await canvas.getAttribute("data-ready");
  release();
  await expect(canvas).toHaveAttribute("data-ready", "true");
  await expect(canvas).toHaveAttribute("data-restored", "true");
  expect(readyBeforeRemix).toBeNull();
  expect(await isNear(page, 120, 120, RED)).toBe(true);
  expect(await isNear(page, 300, 300, WHITE)).toBe(true);
  // Once the remix shows, strokes are taken and kept (in the backup too).
  await mouseStroke(page, STROKE);
  const drawn = await readCanvasPixels(page);
  expect(await isNear(page, 300, 300, WHITE)).toBe(false);
  await waitForBackupOf(page, drawn);
  expect(compareBitmaps(await readCanvasPixels(page), drawn)).toMatchObject({ differingPixels: 0 });
});
