import type { SavedDrawing } from "../../src/common/api.ts";
import { encodeSaveBundle, SAVE_BUNDLE_TYPE } from "../../src/common/save-bundle.ts";
import { drawingPng } from "../api/helpers/png.ts";
import { expect, test } from "./fixtures.ts";
import { ADMIN_TOKEN, adminRow, openModerator } from "./helpers/admin.ts";
import { openRestoredPage } from "./helpers/backup.ts";
import { choose } from "./helpers/page.ts";
import { nextUpload } from "./helpers/save.ts";
import { mouseStroke } from "./helpers/strokes.ts";

// Moderators and the timelapse in /admin: Watch plays a drawing's making whatever its status (here, waiting
// for approval, which the public cannot see), says when a making does not replay to its picture and plays it
// anyway, and Remove timelapse takes the timelapse alone away.

test("a moderator watches a pending drawing's timelapse, is told when a making does not match its picture, and removes a timelapse alone", async ({
  page,
  browser,
  request,
  launchServer,
}) => {
  test.setTimeout(120_000);
  const server = await launchServer({ env: { MODERATION_MODE: "pre", ADMIN_TOKEN } });
  await openRestoredPage(page, `${server.url}/`);
  await choose(page, "red", 8);
  await mouseStroke(page, [
    { x: 80, y: 120 },
    { x: 300, y: 60 },
    { x: 520, y: 140 },
  ]);
  const upload = nextUpload(page);
  await page.getByRole("button", { name: "Save Image", exact: true }).click();
  const saved = (await (await upload).json()) as SavedDrawing;
  expect(saved.status).toBe("pending");
  // The same making beside another picture: its replay ends elsewhere.
  const making = await request.get(`${server.url}/api/admin/drawings/${saved.id}/making`, {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  expect(making.status()).toBe(200);
  const forged = await request.post(`${server.url}/api/drawings`, {
    headers: { "content-type": SAVE_BUNDLE_TYPE },
    data: Buffer.from(encodeSaveBundle(await drawingPng(600, 600, 41), new Uint8Array(await making.body()))),
  });
  expect(forged.status()).toBe(201);
  const mismatched = (await forged.json()) as SavedDrawing;

  const moderator = await openModerator(browser, server.url);
  try {
    const admin = moderator.page;
    await admin.goto(`${server.url}/admin?filter=pending`);
    await adminRow(admin, saved.id).getByRole("link", { name: "Watch" }).click();
    const play = admin.getByRole("button", { name: "Play timelapse" });
    await expect(play).toBeVisible({ timeout: 20_000 });
    await expect(admin.locator("[data-timelapse-notice]")).toHaveText("");
    await play.click();
    await expect(admin.locator(".timelapse__canvas")).toBeVisible();
    await expect(play).toHaveCount(0);

    await admin.goto(`${server.url}/admin/drawings/${mismatched.id}/timelapse`);
    await expect(admin.locator("[data-timelapse-notice]")).toHaveText(
      /does not match the stored picture \(\d+ blocks of 4 x 4 pixels differ\): the public sees no timelapse/,
      { timeout: 20_000 },
    );
    await expect(admin.getByRole("button", { name: "Play timelapse" })).toBeVisible();

    await admin.getByRole("button", { name: "Remove this timelapse for good" }).click();
    await admin.goto(`${server.url}/admin?filter=pending`);
    await expect(adminRow(admin, mismatched.id).getByRole("link", { name: "Watch" })).toHaveCount(0);
    await expect(adminRow(admin, saved.id).getByRole("link", { name: "Watch" })).toHaveCount(1);
    const gone = await request.get(`${server.url}/api/admin/drawings/${mismatched.id}/making`, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(gone.status()).toBe(404);
  } finally {
    await moderator.close();
  }
});
