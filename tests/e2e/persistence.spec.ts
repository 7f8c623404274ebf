import type { Page } from "@playwright/test";
import type { Point } from "../../src/client/engine/types.ts";
import { BACKUP_LOCATION } from "../../src/client/persistence/backup-store.ts";
import { WRITE_FAILED_WARNING } from "../../src/client/persistence/backup-writer.ts";
import { BRUSH_SIZES, CONSOLE_MESSAGES } from "../../src/common/constants.ts";
import { expect, test } from "./fixtures.ts";
import {
  expectBackupKept,
  openRestoredPage,
  readStoredBackup,
  reloadRestored,
  waitForBackupOf,
  writeStoredBackup,
} from "./helpers/backup.ts";
import { blockMascot, choose, readCanvasPixels } from "./helpers/page.ts";
import { compareBitmaps, expectSamePixels, type Pixels } from "./helpers/pixels.ts";
import { mouseStroke } from "./helpers/strokes.ts";
import { chooseTool, waitForCanvasChange } from "./helpers/tools.ts";

const STROKE_A: readonly Point[] = [
  { x: 100, y: 120 },
  { x: 480, y: 160 },
  { x: 300, y: 470 },
];
const STROKE_B: readonly Point[] = [
  { x: 520, y: 520 },
  { x: 80, y: 380 },
];

/** The same numbers in [0, 1) on every run (a linear congruential generator), so a failure can be replayed. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

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

test("the backup keeps up with strokes of every size running off the edges, the eraser, undo, redo, clear and a fill", async ({
  page,
}) => {
  // About 15 strokes and 10 waits for the backup: 40 s on a slow 2-core machine, 45 s the default limit.
  test.setTimeout(90_000);
  await openRestoredPage(page);
  await choose(page, "purple", 12);
  await mouseStroke(page, STROKE_A);
  await waitForBackupOf(page, await readCanvasPixels(page));

  // Strokes of every size and several colours, the eraser, dots, and strokes running off every edge.
  const random = seededRandom(11);
  const colours = ["red", "blue", "gold", "black", "green"];
  for (let stroke = 0; stroke < 10; stroke++) {
    await choose(page, colours[stroke % colours.length] as string, BRUSH_SIZES[stroke % BRUSH_SIZES.length]);
    if (stroke === 7) await page.getByRole("button", { name: "Eraser", exact: true }).click();
    // The press lands on the canvas; later points may leave it by a little.
    const points = Array.from({ length: 1 + Math.floor(random() * 4) }, (_, index) => ({
      x: index === 0 ? 10 + random() * 580 : -10 + random() * 620,
      y: index === 0 ? 10 + random() * 580 : -10 + random() * 620,
    }));
    await mouseStroke(page, stroke === 3 ? points.slice(0, 1) : points);
    if (stroke % 5 === 4) await waitForBackupOf(page, await readCanvasPixels(page));
  }
  await waitForBackupOf(page, await readCanvasPixels(page));

  for (const control of ["Undo", "Undo", "Redo", "Clear"]) {
    await page.getByRole("button", { name: control, exact: true }).click();
    await waitForBackupOf(page, await readCanvasPixels(page));
  }
  await choose(page, "blue", 5);
  await mouseStroke(page, STROKE_B);
  const beforeFill = await readCanvasPixels(page);
  await choose(page, "red");
  await chooseTool(page, "Fill");
  await mouseStroke(page, [{ x: 150, y: 150 }]);
  // The fill's code loads when first used: its result lands a little after the click.
  const filled = await waitForCanvasChange(page, beforeFill, 0);
  await waitForBackupOf(page, filled);
  expectSamePixels(await reloadRestored(page), filled, "after the reload");
});

test("a write that cannot be stored (the site's data cleared under the page) warns, and the next change writes the whole drawing again", async ({
  page,
  consoleLog,
}) => {
  await openRestoredPage(page);
  await drawAndBackUp(page);
  // The site's data cleared under the page (as a browser's "clear site data" does): every open connection
  // is closed, so the next write fails.
  await page.evaluate(
    (name) =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.deleteDatabase(name);
        request.onsuccess = () => resolve();
        request.onerror = () => reject(request.error);
      }),
    BACKUP_LOCATION.database,
  );
  await choose(page, "red", 5);
  await mouseStroke(page, STROKE_B);
  await expect.poll(() => consoleLog.firstArguments()).toContain(WRITE_FAILED_WARNING);

  await mouseStroke(page, [
    { x: 300, y: 60 },
    { x: 340, y: 90 },
  ]);
  const drawn = await readCanvasPixels(page);
  await waitForBackupOf(page, drawn);
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
