import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import type { SavedDrawing } from "../../src/common/api.ts";
import { expect, test } from "./fixtures.ts";
import { openRestoredPage } from "./helpers/backup.ts";
import { mp4Facts } from "./helpers/mp4-boxes.ts";
import { choose } from "./helpers/page.ts";
import { colourDistance, pixelAtCanvasPoint } from "./helpers/pixels.ts";
import { dataUrlBytes, decodePng } from "./helpers/png.ts";
import { BLUE, isNear, lopsidedPng, RED, WHITE } from "./helpers/remix.ts";
import { nextUpload } from "./helpers/save.ts";
import { sharedFiles, standInShareSheet } from "./helpers/share-sheet.ts";
import { drawTwoArcs, mouseStrokeMoveByMove } from "./helpers/strokes.ts";
import { saveDrawing } from "./helpers/wall.ts";

// The timelapse where a visitor meets it besides the permalink: the save sheet right after a save (Download
// video), a wall card's play button (a dialog over the wall), a visitor who asks for reduced motion, and a
// remix, whose making starts from the drawing it remixes.

/** Draws two arcs with the mouse and presses Save Image; returns the stored drawing's id. */
async function drawAndSave(page: Page): Promise<string> {
  await openRestoredPage(page);
  await drawTwoArcs(page);
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

test("a remix's timelapse starts from the drawing it remixes, as it was drawn, and ends on the remix", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  // Red top left, blue bottom right: a start drawn mirrored would show them swapped.
  const original = await saveDrawing(request, baseURL ?? "", await lopsidedPng());
  await openRestoredPage(page, `/?remix=${original.id}`);
  await expect.poll(() => isNear(page, 120, 120, RED)).toBe(true);
  await choose(page, "green", 12);
  // Move by move, so the stroke takes time and its start shows only its first point.
  await mouseStrokeMoveByMove(page, [
    { x: 250, y: 300 },
    { x: 350, y: 300 },
  ]);
  const upload = nextUpload(page);
  await page.getByRole("button", { name: "Save Image", exact: true }).click();
  const answer = await upload;
  expect(answer.status(), await answer.text()).toBe(201);
  const { id } = (await answer.json()) as SavedDrawing;

  const permalink = await context.newPage();
  await permalink.goto(`/d/${id}`);
  // Offered only because the making, replayed from the original, ends on the remix's PNG.
  const play = permalink.getByRole("button", { name: "Play timelapse" });
  await expect(play).toBeVisible({ timeout: 20_000 });
  await play.click();
  await permalink.keyboard.press("k");
  await permalink.getByRole("slider", { name: "Position in the timelapse" }).focus();
  await permalink.keyboard.press("Home");
  const url = await permalink
    .locator(".timelapse__canvas")
    .evaluate((canvas) => (canvas as HTMLCanvasElement).toDataURL());
  const start = await decodePng(dataUrlBytes(url));
  const near = (x: number, y: number) => pixelAtCanvasPoint(start, { x, y });
  expect(colourDistance(near(120, 120), RED)).toBeLessThan(40);
  expect(colourDistance(near(480, 480), BLUE)).toBeLessThan(40);
  // The remix's own stroke is not there yet (its first point at most, at 250, 300).
  expect(colourDistance(near(330, 300), WHITE)).toBeLessThan(40);
});

test("Download video shows its progress and can be cancelled: nothing is downloaded, and it can be asked again", async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const id = await drawAndSave(page);
  const permalink = await context.newPage();
  // The video's code is held until Cancel is pressed, so the video is cancelled while it is being made.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await permalink.route("**/*make-video-*.js", async (route) => {
    await held;
    await route.continue();
  });
  const downloads: string[] = [];
  permalink.on("download", (download) => downloads.push(download.suggestedFilename()));
  await permalink.goto(`/d/${id}`);
  const play = permalink.getByRole("button", { name: "Play timelapse" });
  await expect(play).toBeVisible({ timeout: 20_000 });
  await play.click();
  await permalink.getByRole("button", { name: "Download video" }).click();
  await expect(permalink.getByRole("progressbar", { name: "Making the video" })).toBeVisible();
  await expect(permalink.getByRole("button", { name: "Making the video…" })).toBeDisabled();
  await permalink.getByRole("button", { name: "Cancel" }).click();
  release();
  await expect(permalink.getByRole("status").filter({ hasText: "Video cancelled." })).toBeVisible();
  await expect(permalink.getByRole("progressbar")).toBeHidden();
  expect(downloads).toEqual([]);
  // Asked again, it is made.
  const downloaded = permalink.waitForEvent("download", { timeout: 60_000 });
  await permalink.getByRole("button", { name: "Download video" }).click();
  expect((await downloaded).suggestedFilename()).toMatch(/^draw-fred-\d{13}\.mp4$/);
});

test.describe("on a phone whose browser shares files", () => {
  test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });

  test("the video, once made, goes to the share sheet with the drawing's post", async ({ page, context }) => {
    test.setTimeout(90_000);
    const id = await drawAndSave(page);
    const permalink = await context.newPage();
    await standInShareSheet(permalink);
    await permalink.goto(`/d/${id}`);
    const play = permalink.getByRole("button", { name: "Play timelapse" });
    await expect(play).toBeVisible({ timeout: 20_000 });
    await play.tap();
    await permalink.getByRole("button", { name: "Download video" }).tap();
    const share = permalink.getByRole("button", { name: "Share video" });
    await expect(share).toBeVisible({ timeout: 60_000 });
    await share.tap();
    const shared = await sharedFiles(permalink);
    expect(shared).toEqual([
      {
        name: expect.stringMatching(/^draw-fred-\d{13}\.mp4$/),
        type: "video/mp4",
        size: expect.any(Number),
        text: expect.stringContaining(`/d/${id}`),
      },
    ]);
  });
});
