import type { SavedDrawing } from "../../src/common/api.ts";
import { CANVAS_SIZE, CONSOLE_MESSAGES } from "../../src/common/constants.ts";
import { MAKING_TYPE, SAVE_BUNDLE_TYPE } from "../../src/common/save-bundle.ts";
import { expect, test } from "./fixtures.ts";
import { readStoredDrawing } from "./helpers/db.ts";
import { openDrawingPage } from "./helpers/page.ts";
import { compareBitmaps } from "./helpers/pixels.ts";
import { decodePng, isPng } from "./helpers/png.ts";
import { nextUpload, SAVED_TEXT, saveImage } from "./helpers/save.ts";
import { drawStroke } from "./helpers/strokes.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test("Save Image downloads exactly the canvas, uploads those bytes (with the drawing's making) under an Idempotency-Key and links the drawing's own page", async ({
  page,
  server,
  consoleLog,
}) => {
  await openDrawingPage(page);
  const canvas = await drawStroke(page, "orange", 8, [
    { x: 80, y: 500 },
    { x: 300, y: 100 },
    { x: 520, y: 500 },
  ]);

  const upload = nextUpload(page);
  const { download, downloadBytes, clickedBetween } = await saveImage(page);

  const name = /^draw-fred-(\d+)\.png$/.exec(download.suggestedFilename());
  expect(name, `download name ${download.suggestedFilename()}`).not.toBeNull();
  const timestamp = Number(name?.[1]);
  expect(timestamp).toBeGreaterThanOrEqual(clickedBetween[0]);
  expect(timestamp).toBeLessThanOrEqual(clickedBetween[1]);
  expect(isPng(downloadBytes)).toBe(true);
  const downloaded = await decodePng(downloadBytes);
  expect([downloaded.width, downloaded.height]).toEqual([CANVAS_SIZE, CANVAS_SIZE]);
  expect(compareBitmaps(downloaded, canvas)).toMatchObject({ differingPixels: 0 });

  const response = await upload;
  expect(response.status()).toBe(201);
  // Raw bytes (not base64 JSON) under a fresh Idempotency-Key: a save bundle, the PNG beside the drawing's
  // making; the stored pixels and the stored making are checked below.
  const request = response.request();
  expect(request.headers()["content-type"]).toBe(SAVE_BUNDLE_TYPE);
  expect(request.headers()["idempotency-key"]).toMatch(UUID);
  const saved = (await response.json()) as SavedDrawing;
  await expect(page.getByRole("status").filter({ hasText: SAVED_TEXT })).toBeVisible();
  const view = page.getByRole("link", { name: /^View\b/ });
  await expect(view).toHaveAttribute("href", `/d/${saved.id}`);
  await expect(view).toHaveAttribute("target", "_blank");

  const row = readStoredDrawing(server.databasePath, saved.id);
  expect(row, `row ${saved.id} in the drawings table`).not.toBeNull();
  expect(isPng(row?.imageData ?? new Uint8Array())).toBe(true);
  expect(compareBitmaps(await decodePng(row?.imageData ?? new Uint8Array()), canvas)).toMatchObject({
    differingPixels: 0,
  });

  const served = await page.request.get(saved.url);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toMatch(/^image\/png/);
  expect(compareBitmaps(await decodePng(await served.body()), canvas)).toMatchObject({ differingPixels: 0 });

  const making = await page.request.get(`/api/drawings/${saved.id}/making`);
  expect(making.status()).toBe(200);
  expect(making.headers()["content-type"]).toBe(MAKING_TYPE);

  const messages = await consoleLog.firstArguments();
  expect(messages).not.toContain(CONSOLE_MESSAGES.serverRejectedSave);
  expect(messages).not.toContain(CONSOLE_MESSAGES.saveRequestFailed);
});
