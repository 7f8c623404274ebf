import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import type { SavedDrawing } from "../../src/common/api.ts";
import { expect, test } from "./fixtures.ts";
import { openRestoredPage } from "./helpers/backup.ts";
import { mp4Facts } from "./helpers/mp4-boxes.ts";
import { choose } from "./helpers/page.ts";
import { nextUpload } from "./helpers/save.ts";
import { mouseStroke } from "./helpers/strokes.ts";

// The timelapse where a visitor meets it besides the permalink: the save sheet right after a save (Download
// video), a wall card's play button (a dialog over the wall), and a visitor who asks for reduced motion.

/** Draws two strokes with the mouse and presses Save Image; returns the stored drawing's id. */
async function drawAndSave(page: Page): Promise<string> {
  await openRestoredPage(page);
  await choose(page, "red", 8);
  await mouseStroke(page, [
    { x: 80, y: 120 },
    { x: 300, y: 60 },
    { x: 520, y: 140 },
  ]);
  await choose(page, "blue", 5);
  await mouseStroke(page, [
    { x: 60, y: 560 },
    { x: 200, y: 450 },
    { x: 330, y: 560 },
  ]);
  const upload = nextUpload(page);
  await page.getByRole("button", { name: "Save Image", exact: true }).click();
  const answer = await upload;
  expect(answer.status()).toBe(201);
  return ((await answer.json()) as SavedDrawing).id;
}

test("the save sheet offers Download video right after a save, and it gives an H.264 MP4", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await drawAndSave(page);
  const sheet = page.getByRole("dialog");
  const make = sheet.getByRole("button", { name: "Download video" });
  await expect(make).toBeVisible({ timeout: 20_000 });
  const downloaded = page.waitForEvent("download", { timeout: 60_000 });
  await make.click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/^draw-fred-\d{13}\.mp4$/);
  const facts = mp4Facts(new Uint8Array(await readFile(await download.path())));
  expect(facts).toMatchObject({ codec: "avc1", width: 720, height: 720, audioTracks: 0 });
  await expect(sheet.getByRole("status").filter({ hasText: "Video downloaded" })).toBeVisible();
  await expect(sheet.getByRole("button", { name: "Download video" })).toBeEnabled();
});

test("a wall card's play button opens the timelapse over the wall, playing; Escape closes it and focus returns", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const id = await drawAndSave(page);
  const sheet = page.getByRole("dialog");
  await expect(sheet).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(sheet).toHaveCount(0);
  const card = page.locator("li", { has: page.locator(`a[href="/d/${id}"]`) }).first();
  const watch = card.getByRole("button", { name: /^Timelapse of / });
  await watch.scrollIntoViewIfNeeded();
  await watch.click();
  const dialog = page.getByRole("dialog", { name: /^Timelapse of / });
  await expect(dialog.locator(".timelapse__canvas")).toBeVisible({ timeout: 20_000 });
  const toggle = dialog.locator(".timelapse__toggle");
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveText(/^(Pause|Replay)$/);
  await expect(dialog.getByRole("button", { name: "Download video" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(watch).toBeFocused();
});

test("a visitor who asks for reduced motion gets the player paused on the finished drawing", async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const id = await drawAndSave(page);
  const permalink = await context.newPage();
  await permalink.emulateMedia({ reducedMotion: "reduce" });
  await permalink.goto(`/d/${id}`);
  const play = permalink.getByRole("button", { name: "Play timelapse" });
  await expect(play).toBeVisible({ timeout: 20_000 });
  await play.click();
  const toggle = permalink.locator(".timelapse__toggle");
  await expect(toggle).toHaveText("Play");
  // At its end: the finished drawing.
  const scrub = permalink.getByRole("slider", { name: "Position in the timelapse" });
  const [, at, of] =
    /^(\d+\.\d) s of (\d+\.\d) s$/.exec((await scrub.getAttribute("aria-valuetext")) ?? "") ?? [];
  expect(at).toBeDefined();
  expect(at).toBe(of);
  await toggle.click();
  await expect(toggle).toHaveText(/^(Pause|Replay)$/);
});
