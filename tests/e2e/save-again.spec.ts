import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { reloadRestored, waitForBackupOf } from "./helpers/backup.ts";
import { countStoredDrawings } from "./helpers/db.ts";
import { openDrawingPage, readCanvasPixels } from "./helpers/page.ts";
import { compareBitmaps } from "./helpers/pixels.ts";
import { recordUploads, SAVED_TEXT, saveImage } from "./helpers/save.ts";
import { queuedSaves, routeUploads } from "./helpers/save-queue.ts";
import { mouseStroke } from "./helpers/strokes.ts";

// Save stores a picture once. Pressed again on the same picture it shows the drawing already on the wall (the
// same permalink) instead of a second, identical card; any change makes a new picture that saves as new. The
// status line says "Saved" only about the picture on screen.

const SAVE_SHEET = /^(Saved to the wall!|Already on the wall)$/;
const RETRYING = "Couldn't save — your download is safe. Retrying…";

/** Clicks Save Image, waits for the sheet, and answers the permalink its View link opens; then closes it. */
async function saveAndReadPermalink(page: Page): Promise<string> {
  await saveImage(page);
  const sheet = page.getByRole("dialog", { name: SAVE_SHEET });
  await expect(sheet).toBeVisible();
  const permalink = await sheet.getByRole("link", { name: /^View\b/ }).getAttribute("href");
  await page.keyboard.press("Escape");
  await expect(sheet).toBeHidden();
  return permalink ?? "";
}

test("Save pressed again on the same picture stores nothing new and shows the drawing already stored; a change stores a new one, and undoing back to a stored picture finds it again", async ({
  page,
  launchServer,
}) => {
  const server = await launchServer({});
  const uploads = recordUploads(page);
  await openDrawingPage(page, server.url);
  await mouseStroke(page, [
    { x: 100, y: 100 },
    { x: 500, y: 480 },
  ]);
  const first = await saveAndReadPermalink(page);
  expect(first).toMatch(/^\/d\/[A-Za-z0-9_-]{12}$/);
  expect(countStoredDrawings(server.databasePath)).toBe(1);

  // Five more presses of Save on the unchanged picture: each shows the same drawing, none stores another.
  for (let press = 2; press <= 6; press += 1) {
    expect(await saveAndReadPermalink(page), `press ${press}`).toBe(first);
  }
  await expect(page.getByRole("dialog", { name: "Already on the wall" })).toHaveCount(0);
  expect(countStoredDrawings(server.databasePath)).toBe(1);
  expect(uploads).toHaveLength(1);

  // One more stroke is another picture: stored as a drawing of its own.
  await mouseStroke(page, [
    { x: 500, y: 100 },
    { x: 100, y: 480 },
  ]);
  const second = await saveAndReadPermalink(page);
  expect(second).not.toBe(first);
  expect(countStoredDrawings(server.databasePath)).toBe(2);

  // Undo takes the picture back to the first one, pixel for pixel: that drawing is on the wall already.
  await page.getByRole("button", { name: "Undo", exact: true }).click();
  expect(await saveAndReadPermalink(page)).toBe(first);
  // And after a reload, which restores the drawing on screen, it is still that drawing.
  const onScreen = await readCanvasPixels(page);
  await waitForBackupOf(page, onScreen);
  expect(compareBitmaps(await reloadRestored(page), onScreen)).toMatchObject({ differingPixels: 0 });
  expect(await saveAndReadPermalink(page)).toBe(first);
  expect(countStoredDrawings(server.databasePath)).toBe(2);
  expect(uploads).toHaveLength(2);
});

test("the sheet of a picture already stored says so, and its View and Share on X name that drawing", async ({
  page,
}) => {
  await openDrawingPage(page);
  await mouseStroke(page, [
    { x: 300, y: 80 },
    { x: 300, y: 520 },
  ]);
  const stored = await saveAndReadPermalink(page);
  await saveImage(page);
  const sheet = page.getByRole("dialog", { name: "Already on the wall" });
  await expect(sheet).toBeVisible();
  await expect(sheet).toContainText("This picture is on the wall already");
  await expect(sheet.getByRole("link", { name: /^View\b/ })).toHaveAttribute("href", stored);
  await expect(sheet.getByRole("link", { name: /^Share on X/ })).toHaveAttribute(
    "href",
    new RegExp(encodeURIComponent(stored)),
  );
});

test("the status says Saved only about the picture on screen: a stroke, Clear or Undo after a save clears it", async ({
  page,
}) => {
  await openDrawingPage(page);
  const status = page.getByRole("status");
  await mouseStroke(page, [
    { x: 120, y: 300 },
    { x: 480, y: 300 },
  ]);
  await saveAndReadPermalink(page);
  await expect(status).toHaveText(SAVED_TEXT);
  await mouseStroke(page, [
    { x: 300, y: 120 },
    { x: 300, y: 480 },
  ]);
  await expect(status).toHaveText("");

  await saveAndReadPermalink(page);
  await expect(status).toHaveText(SAVED_TEXT);
  await page.getByRole("button", { name: "Clear", exact: true }).click();
  await expect(status).toHaveText("");

  await page.getByRole("button", { name: "Undo", exact: true }).click();
  await saveAndReadPermalink(page);
  await expect(status).toHaveText(SAVED_TEXT);
  await page.getByRole("button", { name: "Undo", exact: true }).click();
  await expect(status).toHaveText("");
});

test("Save pressed again while the same picture is still on its way follows that save: one queued, one stored", async ({
  page,
  launchServer,
}) => {
  const server = await launchServer({});
  let uploadsFail = true;
  await routeUploads(page, (route) => (uploadsFail ? route.abort("connectionrefused") : route.continue()));
  await openDrawingPage(page, server.url);
  await mouseStroke(page, [
    { x: 80, y: 520 },
    { x: 520, y: 80 },
  ]);
  const status = page.getByRole("status");
  await saveImage(page);
  await expect(status).toHaveText(RETRYING);
  await saveImage(page);
  await expect(status).toHaveText(/Saving…|Retrying…/);
  expect(await queuedSaves(page)).toHaveLength(1);

  uploadsFail = false;
  await page.evaluate(() => window.dispatchEvent(new Event("online")));
  await expect(page.getByRole("dialog", { name: "Saved to the wall!" })).toBeVisible();
  await expect(status).toHaveText(SAVED_TEXT);
  expect(countStoredDrawings(server.databasePath)).toBe(1);
  await expect.poll(() => queuedSaves(page)).toEqual([]);
});
