import type { Page } from "@playwright/test";
import type { ApiError } from "../../src/common/api.ts";
import { DRAWINGS_PATH } from "../../src/common/api.ts";
import { CONSOLE_MESSAGES } from "../../src/common/constants.ts";
import { expect, test } from "./fixtures.ts";
import { countStoredDrawings } from "./helpers/db.ts";
import { openDrawingPage } from "./helpers/page.ts";
import { SAVE_FAILED_TEXT, saveImage } from "./helpers/save.ts";
import { mouseStroke } from "./helpers/strokes.ts";

/** Intercepts the page's uploads (and only those) with the given failure. */
async function failUploads(page: Page, how: "server error" | "network failure"): Promise<void> {
  await page.route(
    (url) => url.pathname === DRAWINGS_PATH,
    async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      if (how === "network failure") return route.abort("connectionrefused");
      const body: ApiError = { statusCode: 500, code: "internal", message: "The store is unavailable." };
      return route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify(body) });
    },
  );
}

const cases = [
  { how: "server error", message: CONSOLE_MESSAGES.serverRejectedSave },
  { how: "network failure", message: CONSOLE_MESSAGES.saveRequestFailed },
] as const;

for (const { how, message } of cases) {
  test(`a save that meets a ${how} logs "${message}", says so, and still downloads`, async ({
    page,
    server,
    consoleLog,
  }) => {
    await failUploads(page, how);
    await openDrawingPage(page);
    await mouseStroke(page, [
      { x: 100, y: 100 },
      { x: 500, y: 500 },
    ]);
    const rowsBefore = countStoredDrawings(server.databasePath);

    const { download } = await saveImage(page);
    expect(download.suggestedFilename()).toMatch(/^draw-fred-\d+\.png$/);

    await expect(page.getByRole("status").filter({ hasText: SAVE_FAILED_TEXT })).toBeVisible();
    await expect.poll(() => consoleLog.firstArguments()).toContain(message);
    const other =
      message === CONSOLE_MESSAGES.serverRejectedSave
        ? CONSOLE_MESSAGES.saveRequestFailed
        : CONSOLE_MESSAGES.serverRejectedSave;
    expect(await consoleLog.firstArguments()).not.toContain(other);
    expect(countStoredDrawings(server.databasePath)).toBe(rowsBefore);
  });
}
