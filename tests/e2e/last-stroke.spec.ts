import type { Page } from "@playwright/test";
import type { Point } from "../../src/client/engine/types.ts";
import { expect, test } from "./fixtures.ts";
import { openRestoredPage, reloadRestored, waitForBackupOf } from "./helpers/backup.ts";
import { devToolsOf } from "./helpers/devtools.ts";
import { choose, drawingCanvas, readCanvasPixels } from "./helpers/page.ts";
import { compareBitmaps, expectSamePixels, type Pixels } from "./helpers/pixels.ts";
import { dataUrlBytes, decodePng } from "./helpers/png.ts";
import { mouseStroke } from "./helpers/strokes.ts";

// The backup waits for the visitor to rest before writing (decision 0016), and its worker dies with the page:
// the page itself must keep the last stroke when it is hidden, reloaded or closed straight after it.

const KEPT_STROKE: readonly Point[] = [
  { x: 90, y: 110 },
  { x: 470, y: 150 },
  { x: 320, y: 460 },
];
const LAST_STROKE: readonly Point[] = [
  { x: 520, y: 500 },
  { x: 120, y: 400 },
  { x: 260, y: 260 },
];

/**
 * Draws a first stroke and waits until the backup holds it, then draws the last stroke and reads the canvas at
 * once (no frame waited for: the stroke is painted when its release has been handled), leaving the backup no
 * rest to write it in. Returns the canvas with the last stroke.
 */
async function drawLastStroke(page: Page): Promise<Pixels> {
  const firstDisplay = await openRestoredPage(page);
  await choose(page, "purple", 8);
  await mouseStroke(page, KEPT_STROKE);
  const kept = await readCanvasPixels(page);
  expect(compareBitmaps(kept, firstDisplay).differingPixels, "the first stroke drew").toBeGreaterThan(500);
  await waitForBackupOf(page, kept);
  await choose(page, "orange", 12);
  await mouseStroke(page, LAST_STROKE);
  const drawn = await decodePng(
    dataUrlBytes(await drawingCanvas(page).evaluate((canvas) => (canvas as HTMLCanvasElement).toDataURL())),
  );
  expect(compareBitmaps(drawn, kept).differingPixels, "the last stroke drew").toBeGreaterThan(500);
  return drawn;
}

test("the last stroke survives a reload started at once after it", async ({ page }) => {
  const drawn = await drawLastStroke(page);
  expectSamePixels(await reloadRestored(page), drawn, "after the reload");
});

test("the last stroke survives closing the tab at once after it, and is there when the page is opened again", async ({
  context,
  page,
}) => {
  const closed = await context.newPage();
  const drawn = await drawLastStroke(closed);
  await closed.close();
  expectSamePixels(await openRestoredPage(page), drawn, "in the page opened again");
});

test("the last stroke survives a phone hiding the page at once after it and killing it", async ({
  context,
  page,
}) => {
  const switched = await context.newPage();
  const devTools = await devToolsOf(switched);
  const drawn = await drawLastStroke(switched);
  // Headless Chromium has no way to hide a page (a phone's app switch): the page is told it is hidden as the
  // browser would tell it, and its renderer is then killed, as a phone reclaiming memory does.
  await switched.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
    document.dispatchEvent(new Event("visibilitychange"));
  });
  const crashed = switched.waitForEvent("crash");
  void devTools.send("Page.crash").catch(() => {});
  await crashed;
  await switched.close();
  expectSamePixels(await openRestoredPage(page), drawn, "in the page opened again");
});
