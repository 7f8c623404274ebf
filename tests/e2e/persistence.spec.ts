import type { Page } from "@playwright/test";
import type { Point } from "../../src/client/engine/types.ts";
import { WORKER_FALLBACK_WARNING } from "../../src/client/persistence/png-encoder.ts";
import { CONSOLE_MESSAGES } from "../../src/common/constants.ts";
import { expect, test } from "./fixtures.ts";
import {
  expectBackupKept,
  openRestoredPage,
  readDrawingEncodes,
  readStoredBackup,
  reloadRestored,
  waitForBackupOf,
  writeStoredBackup,
} from "./helpers/backup.ts";
import { blockMascot, choose, readCanvasPixels } from "./helpers/page.ts";
import { compareBitmaps, type Pixels } from "./helpers/pixels.ts";
import { mouseStroke } from "./helpers/strokes.ts";

const STROKE_A: readonly Point[] = [
  { x: 100, y: 120 },
  { x: 480, y: 160 },
  { x: 300, y: 470 },
];
const STROKE_B: readonly Point[] = [
  { x: 520, y: 520 },
  { x: 80, y: 380 },
];

/** Two strokes in two colours and sizes; returns the canvas pixels once the backup holds exactly them. */
async function drawAndBackUp(page: Page): Promise<Pixels> {
  await choose(page, "purple", 8);
  await mouseStroke(page, STROKE_A);
  await choose(page, "gold", 3);
  await mouseStroke(page, STROKE_B);
  const drawn = await readCanvasPixels(page);
  await waitForBackupOf(page, drawn);
  return drawn;
}

/** Asserts two canvases are identical, pixel for pixel. */
function expectSamePixels(actual: Pixels, expected: Pixels, what: string): void {
  expect(compareBitmaps(actual, expected), what).toEqual({
    maxChannelDiff: 0,
    differingPixels: 0,
    firstAt: null,
  });
}

test("a drawing survives a reload pixel for pixel", async ({ page }) => {
  const firstDisplay = await openRestoredPage(page);
  const drawn = await drawAndBackUp(page);
  expect(
    compareBitmaps(drawn, firstDisplay).differingPixels,
    "the strokes changed the canvas",
  ).toBeGreaterThan(0);

  expectSamePixels(await reloadRestored(page), drawn, "after the reload");
  // The restored drawing is the base of the new visit: it is not written again by merely loading.
  expectSamePixels(await reloadRestored(page), drawn, "after a second reload");
});

test("the backup's PNG is encoded by a worker, not on the page's main thread, and holds the drawing exactly", async ({
  page,
  consoleLog,
}) => {
  await openRestoredPage(page);
  const encoder = page.waitForEvent("worker", (worker) => worker.url().includes("png-worker"));
  const drawn = await drawAndBackUp(page);
  expect((await encoder).url(), "the backup started its encoding worker").toContain("png-worker");
  // Had the worker failed, the page's own toBlob would have written the same pixels: prove it did not.
  const encodes = await readDrawingEncodes(page);
  expect(encodes.copies, "each backup write copied the drawing for the worker").toBeGreaterThan(0);
  expect(encodes.pageEncodes, "no backup write was encoded on the page").toBe(0);
  expect(await consoleLog.firstArguments(), "no fallback to the page").not.toContain(WORKER_FALLBACK_WARNING);
  expectSamePixels(await reloadRestored(page), drawn, "after the reload");
});

test("Clear followed by a reload shows the first display", async ({ page }) => {
  const firstDisplay = await openRestoredPage(page);
  await drawAndBackUp(page);
  await page.getByRole("button", { name: "Clear", exact: true }).click();
  expectSamePixels(await readCanvasPixels(page), firstDisplay, "right after Clear");
  await waitForBackupOf(page, firstDisplay);

  expectSamePixels(await reloadRestored(page), firstDisplay, "after the reload");
});

test("a reload whose mascot fails to load still restores the drawing and never overwrites the backup", async ({
  page,
  consoleLog,
}) => {
  await openRestoredPage(page);
  const drawn = await drawAndBackUp(page);
  const written = await readStoredBackup(page);

  await blockMascot(page);
  const restored = await reloadRestored(page);
  await expect.poll(() => consoleLog.firstArguments()).toContain(CONSOLE_MESSAGES.backgroundFailed);
  expectSamePixels(restored, drawn, "restored over a white first display");
  await expectBackupKept(page, written, "the backup is untouched");

  await page.unrouteAll();
  expectSamePixels(await reloadRestored(page), drawn, "after a reload with the mascot back");
  await expectBackupKept(page, written, "the backup is still untouched");
});

test("a fresh browser context starts from the first display, not from another visitor's drawing", async ({
  page,
  browser,
  baseURL,
}) => {
  const firstDisplay = await openRestoredPage(page);
  await drawAndBackUp(page);

  const fresh = await browser.newContext({ baseURL });
  try {
    const other = await fresh.newPage();
    expectSamePixels(await openRestoredPage(other), firstDisplay, "in a fresh context");
    expect(await readStoredBackup(other), "no backup in a fresh context").toBeNull();
  } finally {
    await fresh.close();
  }
});

test("a backup that cannot be decoded is kept and the page starts from the first display", async ({
  page,
  consoleLog,
}) => {
  const firstDisplay = await openRestoredPage(page);
  const corrupt = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4, 5]);
  await writeStoredBackup(page, corrupt, 1);

  expectSamePixels(await reloadRestored(page), firstDisplay, "after the reload");
  await expect
    .poll(() => consoleLog.firstArguments())
    .toContainEqual(expect.stringContaining("backup could not be read"));
  await expectBackupKept(page, { savedAt: 1, bytes: corrupt }, "the unreadable backup is kept");

  // The visitor's next action is what replaces it.
  await choose(page, "red", 5);
  await mouseStroke(page, STROKE_A);
  await waitForBackupOf(page, await readCanvasPixels(page));
});

test.describe("where IndexedDB is unavailable", () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(window, "indexedDB", {
        configurable: true,
        get() {
          throw new DOMException("Storage is disabled in this test", "SecurityError");
        },
      });
    });
  });

  test("the page still draws, and a reload simply starts from the first display", async ({ page }) => {
    const firstDisplay = await openRestoredPage(page);
    await choose(page, "blue", 8);
    await mouseStroke(page, STROKE_A);
    const drawn = await readCanvasPixels(page);
    expect(compareBitmaps(drawn, firstDisplay).differingPixels, "the stroke was drawn").toBeGreaterThan(0);

    expectSamePixels(await reloadRestored(page), firstDisplay, "after the reload");
  });
});
