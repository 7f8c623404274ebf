import type { Page } from "@playwright/test";
import type { Point } from "../../src/client/engine/types.ts";
import { BACKUP_LOCATION } from "../../src/client/persistence/backup-store.ts";
import { expect, test } from "./fixtures.ts";
import { openRestoredPage, reloadRestored, waitForBackupOf } from "./helpers/backup.ts";
import { canvasGeometry, choose, drawingCanvas, readCanvasPixels, toViewport } from "./helpers/page.ts";
import { compareBitmaps, expectSamePixels, type Pixels } from "./helpers/pixels.ts";
import { mouseStroke } from "./helpers/strokes.ts";
import { chooseTool, waitForCanvas, waitForCanvasChange } from "./helpers/tools.ts";

// The backup is the drawing's log (docs/decisions/0024): what it brings back after a reload, a closed tab or
// another tab, and that undo and redo carry on across a reload.

const STROKES: readonly (readonly Point[])[] = [
  [
    { x: 80, y: 100 },
    { x: 500, y: 160 },
  ],
  [
    { x: 120, y: 480 },
    { x: 300, y: 300 },
    { x: 520, y: 520 },
  ],
  [
    { x: 60, y: 300 },
    { x: 560, y: 330 },
  ],
];

/** The keys of the backup's records now (the header's, the checkpoint's, each operation's). */
async function storedKeys(page: Page): Promise<unknown[]> {
  return page.evaluate(
    ({ database, store }) =>
      new Promise<unknown[]>((resolve, reject) => {
        const request = indexedDB.open(database);
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const keys = request.result.transaction(store, "readonly").objectStore(store).getAllKeys();
          keys.onsuccess = () => {
            resolve(keys.result);
            request.result.close();
          };
        };
      }),
    BACKUP_LOCATION,
  );
}

test("a stroke still being drawn when the page reloads comes back as it was drawn", async ({ page }) => {
  await openRestoredPage(page);
  await choose(page, "red", 8);
  await mouseStroke(page, STROKES[0] ?? []);
  await waitForBackupOf(page, await readCanvasPixels(page));
  const geometry = await canvasGeometry(page);
  const at = (point: Point) => toViewport(geometry, point);
  await page.mouse.move(at({ x: 100, y: 500 }).x, at({ x: 100, y: 500 }).y);
  await page.mouse.down();
  for (const point of [
    { x: 250, y: 420 },
    { x: 400, y: 500 },
    { x: 520, y: 380 },
  ])
    await page.mouse.move(at(point).x, at(point).y);
  const drawn = await readCanvasPixels(page);
  expectSamePixels(await reloadRestored(page), drawn, "after a reload with the button still down");
});

test("undo and redo carry on across a reload: what was undone before it can be redone after it", async ({
  page,
}) => {
  await openRestoredPage(page);
  const states: Pixels[] = [];
  for (const [index, path] of STROKES.entries()) {
    await choose(page, ["purple", "gold", "blue"][index] as string, 8);
    await mouseStroke(page, path);
    states.push(await readCanvasPixels(page));
    // The visitor rests after the first stroke: its checkpoint, which undo after a reload reaches back to, is
    // then of that stroke (on a busy machine a rest timed from it could otherwise end after the second).
    if (index === 0) {
      await expect
        .poll(async () =>
          (await storedKeys(page)).some((key) => Array.isArray(key) && key[0] === "checkpoint"),
        )
        .toBe(true);
    }
  }
  await page.getByRole("button", { name: "Undo", exact: true }).click();
  await waitForCanvas(page, states[1] as Pixels);
  await waitForBackupOf(page, states[1] as Pixels);

  expectSamePixels(await reloadRestored(page), states[1] as Pixels, "after the reload");
  await page.getByRole("button", { name: "Redo", exact: true }).click();
  await waitForCanvas(page, states[2] as Pixels);
  await page.getByRole("button", { name: "Undo", exact: true }).click();
  await page.getByRole("button", { name: "Undo", exact: true }).click();
  await waitForCanvas(page, states[0] as Pixels);
});

test("a restore paints the checkpoint picture and the operations after it; undo steps back through those", async ({
  page,
}) => {
  await openRestoredPage(page);
  await choose(page, "green", 12);
  await mouseStroke(page, STROKES[0] ?? []);
  const first = await readCanvasPixels(page);
  // Once the visitor rests, the first operation's log gets its checkpoint picture.
  await expect
    .poll(async () => (await storedKeys(page)).some((key) => Array.isArray(key) && key[0] === "checkpoint"))
    .toBe(true);
  await mouseStroke(page, STROKES[1] ?? []);
  await chooseTool(page, "Fill");
  await choose(page, "orange");
  const beforeFill = await readCanvasPixels(page);
  const at = toViewport(await canvasGeometry(page), { x: 30, y: 580 });
  await page.mouse.click(at.x, at.y);
  const filled = await waitForCanvasChange(page, beforeFill, 500);
  await waitForBackupOf(page, filled);

  expectSamePixels(await reloadRestored(page), filled, "after the reload");
  for (const expected of [beforeFill, first]) {
    await page.getByRole("button", { name: "Undo", exact: true }).click();
    await waitForCanvas(page, expected);
  }
});

test("strokes and an undo made one after another, then a reload at once: all of them come back, and redo still works", async ({
  page,
}) => {
  await openRestoredPage(page);
  await choose(page, "red", 8);
  await mouseStroke(page, STROKES[0] ?? []);
  await waitForBackupOf(page, await readCanvasPixels(page));
  // Changes close together are written together (backup-writer.ts): the reload comes before they would be.
  await choose(page, "blue", 12);
  await mouseStroke(page, STROKES[1] ?? []);
  await mouseStroke(page, STROKES[2] ?? []);
  const both = await readCanvasPixels(page);
  await page.getByRole("button", { name: "Undo", exact: true }).click();
  const undone = await waitForCanvasChange(page, both, 500);

  expectSamePixels(await reloadRestored(page), undone, "after the reload");
  await page.getByRole("button", { name: "Redo", exact: true }).click();
  await waitForCanvas(page, both);
});

test("two tabs share one backup: the last change wins, and each tab's own drawing is kept whole", async ({
  page,
  context,
}) => {
  await openRestoredPage(page);
  await choose(page, "purple", 8);
  await mouseStroke(page, STROKES[0] ?? []);
  await waitForBackupOf(page, await readCanvasPixels(page));

  const other = await context.newPage();
  await openRestoredPage(other);
  await choose(other, "gold", 12);
  await mouseStroke(other, STROKES[1] ?? []);
  const otherDrawn = await readCanvasPixels(other);
  await waitForBackupOf(other, otherDrawn);

  // The first tab draws on: its own drawing (without the other tab's stroke) is what a new tab finds.
  await choose(page, "blue", 5);
  await mouseStroke(page, STROKES[2] ?? []);
  const firstDrawn = await readCanvasPixels(page);
  await waitForBackupOf(page, firstDrawn);

  // And the other tab's next change makes its drawing the backup again, whole.
  await mouseStroke(other, STROKES[2] ?? []);
  await waitForBackupOf(other, await readCanvasPixels(other));
  await other.close();
  expect(compareBitmaps(firstDrawn, otherDrawn).differingPixels).toBeGreaterThan(0);
});

test("a caption typed and not placed comes back after a reload started at once", async ({ page }) => {
  await openRestoredPage(page);
  await chooseTool(page, "Text");
  const field = page.getByRole("textbox", { name: "Caption text" });
  await expect(field).toBeFocused();
  await page.keyboard.insertText("GM FRENS");
  await page.reload();
  await expect(drawingCanvas(page)).toHaveAttribute("data-restored", "true");
  await expect(field).toHaveValue("GM FRENS");
});

test("a backup in the format before one record a write still restores, and its checkpoint is trusted only as far as it can be", async ({
  page,
}) => {
  await openRestoredPage(page);
  for (const [index, colour] of ["red", "blue"].entries()) {
    await choose(page, colour, 8 + 4 * index);
    await mouseStroke(page, STROKES[index] ?? []);
  }
  const drawn = await readCanvasPixels(page);
  await waitForBackupOf(page, drawn);
  // Written again as format 2 kept it: one record per operation, the position and length in the header, and a
  // checkpoint after the first operation that no longer pictures it (its writer left that to a digest).
  await page.evaluate(async ({ database, store, key }) => {
    const db = await new Promise<IDBDatabase>((resolve) => {
      const request = indexedDB.open(database);
      request.onsuccess = () => resolve(request.result);
    });
    const read = <T>(request: IDBRequest<T>) =>
      new Promise<T>((resolve) => (request.onsuccess = () => resolve(request.result)));
    const objects = () => db.transaction(store, "readwrite").objectStore(store);
    const header = (await read(objects().get(key))) as { log: string; start: unknown; origin: number };
    const range = IDBKeyRange.bound(["op", header.log, 0], ["op", header.log, Infinity]);
    const writes = (await read(objects().getAll(range))) as { from: number; operations: Uint8Array[] }[];
    const records = writes.flatMap((write) =>
      write.operations.map((record, i) => [write.from + i, record] as const),
    );
    const older = objects();
    older.delete(range);
    for (const [index, record] of records) older.put(record, ["op", header.log, index]);
    const red = new Uint8ClampedArray(600 * 600 * 4).map((_, i) => (i % 4 === 1 || i % 4 === 2 ? 0 : 255));
    older.put({ index: 1, digest: 0, image: new Blob([red]) }, ["checkpoint", header.log]);
    const { log, start, origin } = header;
    older.put({ format: 2, log, start, origin, position: 2, length: 2, savedAt: 1 }, key);
    await new Promise((resolve) => (older.transaction.oncomplete = resolve));
    db.close();
  }, BACKUP_LOCATION);

  expectSamePixels(await reloadRestored(page), drawn, "restored from the older format");
  await page.getByRole("button", { name: "Undo", exact: true }).click();
  await page.getByRole("button", { name: "Redo", exact: true }).click();
  await waitForCanvas(page, drawn);
  // Its next change writes it whole in today's format, which the next reload restores.
  await mouseStroke(page, STROKES[2] ?? []);
  const more = await readCanvasPixels(page);
  await waitForBackupOf(page, more);
  expectSamePixels(await reloadRestored(page), more, "restored after it was written again");
});
