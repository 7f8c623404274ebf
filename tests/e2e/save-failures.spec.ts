import type { Page } from "@playwright/test";
import type { ApiError } from "../../src/common/api.ts";
import { CONSOLE_MESSAGES } from "../../src/common/constants.ts";
import { expect, test } from "./fixtures.ts";
import { countStoredDrawings } from "./helpers/db.ts";
import { openDrawingPage } from "./helpers/page.ts";
import { SAVE_FAILED_TEXT, saveImage } from "./helpers/save.ts";
import { queuedSaves, routeUploads } from "./helpers/save-queue.ts";
import { mouseStroke } from "./helpers/strokes.ts";

const RETRYING = "Couldn't save — your download is safe. Retrying…";

/** Answers every upload with this ApiError (and counts them). */
async function answerUploads(page: Page, error: ApiError): Promise<{ count: number }> {
  const uploads = { count: 0 };
  await routeUploads(page, async (route) => {
    uploads.count++;
    await route.fulfill({
      status: error.statusCode,
      contentType: "application/json",
      body: JSON.stringify(error),
    });
  });
  return uploads;
}

async function drawSomething(page: Page): Promise<void> {
  await openDrawingPage(page);
  await mouseStroke(page, [
    { x: 100, y: 100 },
    { x: 500, y: 500 },
  ]);
}

/** Saves, then expects the server's reason in the status and the save dropped after its one upload. */
async function saveAndExpectDropped(page: Page, error: ApiError, uploads: { count: number }): Promise<void> {
  await saveImage(page);
  await expect(page.getByRole("status")).toHaveText(
    `Couldn't save — your download is safe. ${error.message}`,
  );
  // Dropped from the queue: nothing is left that a retry could send.
  expect(await queuedSaves(page)).toEqual([]);
  expect(uploads.count).toBe(1);
}

const cases = [
  { how: "server error", message: CONSOLE_MESSAGES.serverRejectedSave },
  { how: "network failure", message: CONSOLE_MESSAGES.saveRequestFailed },
] as const;

for (const { how, message } of cases) {
  test(`a save that meets a ${how} logs "${message}", says so, still downloads, and keeps the drawing queued`, async ({
    page,
    server,
    consoleLog,
  }) => {
    await routeUploads(page, (route) =>
      how === "network failure"
        ? route.abort("connectionrefused")
        : route.fulfill({
            status: 500,
            contentType: "application/json",
            body: JSON.stringify({ statusCode: 500, code: "internal", message: "The store is unavailable." }),
          }),
    );
    await drawSomething(page);
    const rowsBefore = countStoredDrawings(server.databasePath);

    const { download, downloadBytes } = await saveImage(page);
    expect(download.suggestedFilename()).toMatch(/^draw-fred-\d+\.png$/);

    // The failure's words first, then the promise that it will try again by itself.
    await expect(page.getByRole("status")).toHaveText(SAVE_FAILED_TEXT);
    await expect(page.getByRole("status")).toHaveText(RETRYING);
    await expect.poll(() => consoleLog.firstArguments()).toContain(message);
    const other =
      message === CONSOLE_MESSAGES.serverRejectedSave
        ? CONSOLE_MESSAGES.saveRequestFailed
        : CONSOLE_MESSAGES.serverRejectedSave;
    expect(await consoleLog.firstArguments()).not.toContain(other);
    expect(countStoredDrawings(server.databasePath)).toBe(rowsBefore);
    const queued = await queuedSaves(page);
    expect(queued).toHaveLength(1);
    expect(queued[0]?.bytes).toBe(downloadBytes.length);
  });
}

test("a drawing the server refuses (413) is not retried: the status gives the server's reason", async ({
  page,
  server,
  consoleLog,
}) => {
  const refusal: ApiError = {
    statusCode: 413,
    code: "too_large",
    message: "The image is larger than 2 MiB; a 600 x 600 PNG is far smaller.",
  };
  const uploads = await answerUploads(page, refusal);
  await drawSomething(page);
  const rowsBefore = countStoredDrawings(server.databasePath);

  await saveAndExpectDropped(page, refusal, uploads);
  await expect.poll(() => consoleLog.firstArguments()).toContain(CONSOLE_MESSAGES.serverRejectedSave);
  expect(countStoredDrawings(server.databasePath)).toBe(rowsBefore);
});

test("a 409 (the key stored another image) is dropped and logged, never retried", async ({
  page,
  consoleLog,
}) => {
  const conflict: ApiError = {
    statusCode: 409,
    code: "idempotency_key_reused",
    message: "This Idempotency-Key was already used for another drawing.",
  };
  const uploads = await answerUploads(page, conflict);
  await drawSomething(page);

  await saveAndExpectDropped(page, conflict, uploads);
  await expect
    .poll(() => consoleLog.firstArguments())
    .toContain(
      "Fanvas: the save's Idempotency-Key was already used for another drawing; this save is dropped.",
    );
});
