import { readFile } from "node:fs/promises";
import { gzipSync } from "node:zlib";
import type { Page } from "@playwright/test";
import type { SavedDrawing } from "../../src/common/api.ts";
import { encodeSaveBundle, SAVE_BUNDLE_TYPE } from "../../src/common/save-bundle.ts";
import { drawingPng } from "../api/helpers/png.ts";
import { expect, test } from "./fixtures.ts";
import { openRestoredPage } from "./helpers/backup.ts";
import { mp4Facts } from "./helpers/mp4-boxes.ts";
import { canvasGeometry, choose, readCanvasPixels, toViewport } from "./helpers/page.ts";
import { compareBitmaps, IDENTICAL, type Pixels } from "./helpers/pixels.ts";
import { dataUrlBytes, decodePng } from "./helpers/png.ts";
import { nextUpload, saveImage } from "./helpers/save.ts";
import { drawTwoArcs } from "./helpers/strokes.ts";
import { chooseTool, waitForCanvasChange } from "./helpers/tools.ts";

// Every drawing can be watched being made: a drawing made with real input is saved with its making, its
// permalink plays it (part-made early, the PNG at the end), and Download video makes an MP4 X takes (or a GIF
// where H.264 cannot be encoded). A making that replays to another picture than its PNG shows no timelapse.

/** Draws strokes, a caption, a sticker and a fill with the mouse, saves, and returns the stored drawing. */
async function drawAndSave(page: Page): Promise<{ id: string; png: Pixels; contentType: string }> {
  await openRestoredPage(page);
  const tap = async (x: number, y: number) => {
    const at = toViewport(await canvasGeometry(page), { x, y });
    await page.mouse.click(at.x, at.y);
  };
  await drawTwoArcs(page);
  await chooseTool(page, "Text");
  await page.keyboard.insertText("GM FRENS");
  await page.keyboard.press("Enter");
  await chooseTool(page, "Stickers");
  await page.getByRole("button", { name: "Crown", exact: true }).click();
  await tap(430, 420);
  await page.getByRole("button", { name: "Done", exact: true }).click();
  await chooseTool(page, "Fill");
  await choose(page, "gold");
  const beforeFill = await readCanvasPixels(page);
  await tap(20, 300);
  await waitForCanvasChange(page, beforeFill, 500);
  const upload = nextUpload(page);
  const saved = await saveImage(page);
  const answer = await upload;
  expect(answer.status()).toBe(201);
  const { id } = (await answer.json()) as SavedDrawing;
  const contentType = (await answer.request().headerValue("content-type")) ?? "";
  return { id, png: await decodePng(saved.downloadBytes), contentType };
}

/** The player's canvas, as pixels. */
async function playerPixels(page: Page): Promise<Pixels> {
  const url = await page
    .locator(".timelapse__canvas")
    .evaluate((canvas) => (canvas as HTMLCanvasElement).toDataURL());
  return decodePng(dataUrlBytes(url));
}

test("a drawing saved with its making plays on its permalink, part-made early and its PNG at the end, and downloads as an MP4", async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  const drawing = await drawAndSave(page);
  expect(drawing.contentType).toBe(SAVE_BUNDLE_TYPE);

  const permalink = await context.newPage();
  await permalink.goto(`/d/${drawing.id}`);
  const play = permalink.getByRole("button", { name: "Play timelapse" });
  await expect(play).toBeVisible({ timeout: 20_000 });
  await play.click();
  const toggle = permalink.locator(".timelapse__toggle");
  await expect(toggle).toBeFocused();
  const scrub = permalink.getByRole("slider", { name: "Position in the timelapse" });
  // Paused, then moved with the keyboard: Home is the start, a few steps on the drawing is part-made.
  await permalink.keyboard.press("k");
  await expect(toggle).toHaveText("Play");
  await scrub.focus();
  await permalink.keyboard.press("Home");
  const start = await playerPixels(permalink);
  const max = Number(await scrub.getAttribute("max"));
  for (let step = 0; step < 6; step += 1) await permalink.keyboard.press("ArrowRight");
  expect(Number(await scrub.inputValue())).toBeLessThan(max / 2);
  const early = await playerPixels(permalink);
  expect(compareBitmaps(early, start).differingPixels, "something is drawn early on").toBeGreaterThan(50);
  expect(compareBitmaps(early, drawing.png).differingPixels, "but not all of it").toBeGreaterThan(5000);
  await expect(scrub).toHaveAttribute("aria-valuetext", /^\d+\.\d s of \d+\.\d s$/);
  await permalink.keyboard.press("End");
  expect(compareBitmaps(await playerPixels(permalink), drawing.png)).toEqual(IDENTICAL);

  // Played through, it ends on the finished picture and offers Replay.
  await toggle.click();
  await expect(toggle).toHaveText("Replay", { timeout: 30_000 });
  expect(compareBitmaps(await playerPixels(permalink), drawing.png)).toEqual(IDENTICAL);

  const downloaded = permalink.waitForEvent("download", { timeout: 60_000 });
  await permalink.getByRole("button", { name: "Download video" }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/^draw-fred-\d{13}\.mp4$/);
  const mp4 = new Uint8Array(await readFile(await download.path()));
  const facts = mp4Facts(mp4);
  expect(facts.topLevel.indexOf("moov")).toBeLessThan(facts.topLevel.indexOf("mdat"));
  expect(facts).toMatchObject({ codec: "avc1", width: 720, height: 720, chromaFormat: 1, audioTracks: 0 });
  expect([77, 100]).toContain(facts.profile);
  expect(facts.durationSeconds).toBeGreaterThanOrEqual(0.5);
  await expect(permalink.getByRole("status").filter({ hasText: "Video downloaded" })).toBeVisible();

  // Its last frame, decoded by the browser's own video element, looks like the PNG (the title in its corner
  // and the codec's loss aside).
  const decoder = await context.newPage();
  const lastFrame = await decoder.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const video = document.createElement("video");
    video.muted = true;
    video.src = URL.createObjectURL(new Blob([bytes], { type: "video/mp4" }));
    await new Promise((resolve, reject) => {
      video.onloadedmetadata = resolve;
      video.onerror = () => reject(new Error("the video does not load"));
    });
    video.currentTime = video.duration - 0.05;
    await new Promise((resolve) => {
      video.onseeked = resolve;
    });
    const canvas = document.createElement("canvas");
    canvas.width = 600;
    canvas.height = 600;
    const context = canvas.getContext("2d", { willReadFrequently: true });
    if (context === null) throw new Error("no 2D context");
    // Under load the seeked frame can still be on its way to the element when "seeked" fires: it draws
    // nothing (transparent) until it is there.
    for (let frame = 0; frame < 600; frame++) {
      context.drawImage(video, 0, 0, 600, 600);
      if (context.getImageData(300, 300, 1, 1).data[3] !== 0) break;
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    return canvas.toDataURL("image/png");
  }, Buffer.from(mp4).toString("base64"));
  const frame = await decodePng(dataUrlBytes(lastFrame));
  expect(meanDifference(frame, drawing.png, 540)).toBeLessThan(6);
});

/** Mean absolute channel difference of two 600 x 600 pictures above row `rows` (below it: the video's title). */
function meanDifference(a: Pixels, b: Pixels, rows: number): number {
  let sum = 0;
  for (let at = 0; at < 600 * rows * 4; at += 4) {
    for (let channel = 0; channel < 3; channel += 1) {
      sum += Math.abs((a.data[at + channel] ?? 0) - (b.data[at + channel] ?? 0));
    }
  }
  return sum / (600 * rows * 3);
}

test("a making saved gzipped is served gzipped and plays on its permalink to its PNG", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const drawing = await drawAndSave(page);
  const making = new Uint8Array(await (await request.get(`/api/drawings/${drawing.id}/making`)).body());
  const png = await (await request.get(`/api/drawings/${drawing.id}.png`)).body();
  const gzipped = await request.post("/api/drawings", {
    headers: { "content-type": SAVE_BUNDLE_TYPE },
    data: Buffer.from(encodeSaveBundle(png, gzipSync(making))),
  });
  expect(gzipped.status()).toBe(201);
  const { id } = (await gzipped.json()) as SavedDrawing;
  const served = await request.get(`/api/drawings/${id}/making`);
  expect(served.headers()["content-encoding"]).toBe("gzip");
  expect(Buffer.from(await served.body()).equals(Buffer.from(making))).toBe(true);

  const permalink = await context.newPage();
  await permalink.goto(`/d/${id}`);
  const play = permalink.getByRole("button", { name: "Play timelapse" });
  await expect(play).toBeVisible({ timeout: 20_000 });
  await play.click();
  const scrub = permalink.getByRole("slider", { name: "Position in the timelapse" });
  await permalink.keyboard.press("k");
  await scrub.focus();
  await permalink.keyboard.press("End");
  expect(compareBitmaps(await playerPixels(permalink), drawing.png)).toEqual(IDENTICAL);
});

test("a making that replays to another picture than its PNG shows no timelapse", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const drawing = await drawAndSave(page);
  const making = new Uint8Array(await (await request.get(`/api/drawings/${drawing.id}/making`)).body());
  const other = await drawingPng(600, 600, 41);
  const forged = await request.post("/api/drawings", {
    headers: { "content-type": SAVE_BUNDLE_TYPE },
    data: Buffer.from(encodeSaveBundle(other, making)),
  });
  expect(forged.status()).toBe(201);
  const { id } = (await forged.json()) as SavedDrawing;
  const refused = page.waitForEvent("console", (message) =>
    message.text().includes("does not replay to its picture"),
  );
  await page.goto(`/d/${id}`);
  await refused;
  await expect(page.getByRole("button", { name: "Play timelapse" })).toBeHidden();
  await expect(page.locator(".timelapse")).toHaveCount(0);
});

test("a browser without H.264 encoding gets a GIF within X's limits", async ({ page, context }) => {
  test.setTimeout(150_000);
  const drawing = await drawAndSave(page);
  const permalink = await context.newPage();
  await permalink.addInitScript(() => {
    VideoEncoder.isConfigSupported = async (config) => ({ supported: false, config });
  });
  await permalink.goto(`/d/${drawing.id}`);
  await permalink.getByRole("button", { name: "Play timelapse" }).click({ timeout: 20_000 });
  const downloaded = permalink.waitForEvent("download", { timeout: 90_000 });
  await permalink.getByRole("button", { name: "Download video" }).click();
  const download = await downloaded;
  expect(download.suggestedFilename()).toMatch(/^draw-fred-\d{13}\.gif$/);
  const gif = await readFile(await download.path());
  expect(gif.subarray(0, 6).toString("latin1")).toBe("GIF89a");
  expect(gif.byteLength).toBeLessThanOrEqual(15 * 1024 * 1024);
  // Each frame starts with a graphic control extension (0x21 0xF9).
  let frames = 0;
  for (let at = 0; at < gif.length - 1; at += 1) if (gif[at] === 0x21 && gif[at + 1] === 0xf9) frames += 1;
  expect(frames).toBeGreaterThan(1);
  expect(frames).toBeLessThanOrEqual(350);
  await expect(permalink.getByRole("status").filter({ hasText: "GIF" })).toBeVisible();
});
