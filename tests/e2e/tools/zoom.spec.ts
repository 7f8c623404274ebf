import type { Page } from "@playwright/test";
import { CANVAS_SIZE } from "../../../src/common/constants.ts";
import { expect, test } from "../fixtures.ts";
import { reloadRestored, waitForBackupOf } from "../helpers/backup.ts";
import { choose, drawingCanvas, openDrawingPage, readCanvasPixels } from "../helpers/page.ts";
import {
  changesOutsidePaths,
  colourDistance,
  compareBitmaps,
  hexToRgba,
  pixelAtCanvasPoint,
} from "../helpers/pixels.ts";
import { decodePng } from "../helpers/png.ts";
import { saveImage } from "../helpers/save.ts";
import { TouchScreen } from "../helpers/strokes.ts";
import { toolButton } from "../helpers/tools.ts";

/** The viewport box the drawing is shown in (it clips the zoomed canvas). */
async function viewportBox(page: Page) {
  const box = await page.locator(".board__viewport").boundingBox();
  if (box === null) throw new Error("no viewport");
  return box;
}

test("at 4x zoom a stroke lands exactly under the pointer, the view is crisp, and the export stays 600 x 600", async ({
  page,
}) => {
  const firstDisplay = await openDrawingPage(page);
  await choose(page, "blue", 3);
  await toolButton(page, "Zoom in").click();
  await toolButton(page, "Zoom in").click();
  await expect(page.locator(".view-controls__level")).toHaveText("400%");
  await expect(toolButton(page, "Fit")).toHaveAttribute("aria-disabled", "false");

  // A stroke across the middle of what is shown, in viewport pixels.
  const box = await viewportBox(page);
  const from = { x: box.x + box.width * 0.3, y: box.y + box.height * 0.55 };
  const to = { x: box.x + box.width * 0.7, y: box.y + box.height * 0.55 };
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let step = 1; step <= 40; step++) {
    await page.mouse.move(from.x + ((to.x - from.x) * step) / 40, from.y);
  }
  await page.mouse.up();

  // Centred 4x zoom shows drawing x in [225, 375]: the viewport fraction f is at 225 + f * 150.
  const toDrawing = (clientX: number, clientY: number) => ({
    x: 225 + ((clientX - box.x) / box.width) * 150,
    y: 225 + ((clientY - box.y) / box.height) * 150,
  });
  const start = toDrawing(from.x, from.y);
  const end = toDrawing(to.x, to.y);
  const path = [start, end];
  const after = await readCanvasPixels(page);
  for (let t = 0.1; t <= 0.9; t += 0.1) {
    const point = { x: start.x + (end.x - start.x) * t, y: start.y };
    expect(
      colourDistance(pixelAtCanvasPoint(after, point), hexToRgba("#0000ff")),
      `at ${point.x}`,
    ).toBeLessThanOrEqual(2);
  }
  // 3 px at 4x is 12 screen pixels; in the drawing nothing lies farther than the brush from the path.
  expect(changesOutsidePaths(firstDisplay, after, [path], 3 / 2 + 1.5)).toEqual({ count: 0, samples: [] });

  // On screen the ink is under the pointer, and drawn as sharp 4 x 4 squares (no blur between them).
  const shot = await decodePng(
    await page.screenshot({ clip: { x: from.x, y: from.y - 12, width: to.x - from.x, height: 24 } }),
  );
  const middleRow = Math.round(shot.height / 2);
  for (let x = 20; x < shot.width - 20; x += 17) {
    const i = (middleRow * shot.width + x) * 4;
    expect([shot.data[i], shot.data[i + 1], shot.data[i + 2]], `screen pixel ${x}`).toEqual([0, 0, 255]);
  }
  const distinct = new Set<string>();
  for (let y = 0; y < shot.height; y++) {
    const i = (y * shot.width + Math.round(shot.width / 2)) * 4;
    distinct.add(`${shot.data[i]},${shot.data[i + 1]},${shot.data[i + 2]}`);
  }
  // One column crosses the 3 px stroke: white, edge shades, blue; at 4x a blurred view would show many more.
  expect(distinct.size, [...distinct].join(" ")).toBeLessThanOrEqual(8);

  const { downloadBytes } = await saveImage(page);
  const saved = await decodePng(downloadBytes);
  expect([saved.width, saved.height]).toEqual([CANVAS_SIZE, CANVAS_SIZE]);
  expect(compareBitmaps(saved, after).differingPixels).toBe(0);

  // What was drawn while zoomed survives a reload through the backup (the view itself starts at Fit).
  await waitForBackupOf(page, after);
  expect(compareBitmaps(after, await reloadRestored(page)).differingPixels).toBe(0);
  await expect(page.locator(".view-controls__level")).toHaveText("100%");
  await toolButton(page, "Zoom in").click();
  await toolButton(page, "Zoom in").click();

  await toolButton(page, "Fit").click();
  await expect(page.locator(".view-controls__level")).toHaveText("100%");
  const fit = await drawingCanvas(page).boundingBox();
  expect(fit?.width).toBeCloseTo(box.width, 0);
});

test("Ctrl + wheel zooms around the pointer, and the keys + - 0 zoom from the keyboard", async ({ page }) => {
  await openDrawingPage(page);
  await expect(toolButton(page, "Zoom in")).toHaveAttribute("aria-disabled", "false");
  const box = await viewportBox(page);
  const pointer = { x: box.x + box.width * 0.2, y: box.y + box.height * 0.7 };
  const drawingUnder = async () => {
    const canvas = await drawingCanvas(page).boundingBox();
    if (canvas === null) throw new Error("no canvas");
    return {
      x: ((pointer.x - canvas.x) / canvas.width) * 600,
      y: ((pointer.y - canvas.y) / canvas.height) * 600,
    };
  };
  const before = await drawingUnder();
  await page.mouse.move(pointer.x, pointer.y);
  await page.keyboard.down("Control");
  await page.mouse.wheel(0, -300);
  await page.keyboard.up("Control");
  await expect(page.locator(".view-controls__level")).not.toHaveText("100%");
  const after = await drawingUnder();
  expect(after.x).toBeCloseTo(before.x, 0);
  expect(after.y).toBeCloseTo(before.y, 0);

  await page.keyboard.press("0");
  await expect(page.locator(".view-controls__level")).toHaveText("100%");
  await page.keyboard.press("+");
  await expect(page.locator(".view-controls__level")).toHaveText("200%");
  await page.keyboard.press("-");
  await expect(page.locator(".view-controls__level")).toHaveText("100%");
});

test("the arrow keys move around the zoomed drawing, not while a caption is typed, and the help lists them", async ({
  page,
}) => {
  await openDrawingPage(page);
  await choose(page, "blue", 12);
  await expect(toolButton(page, "Zoom in")).toHaveAttribute("aria-disabled", "false");
  const level = page.locator(".view-controls__level");
  await page.keyboard.press("+");
  await page.keyboard.press("+");
  await expect(level).toHaveText("400%");
  const box = await viewportBox(page);
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const drawingAt = async (point: { x: number; y: number }) => {
    const canvas = await drawingCanvas(page).boundingBox();
    if (canvas === null) throw new Error("no canvas");
    return {
      x: ((point.x - canvas.x) / canvas.width) * CANVAS_SIZE,
      y: ((point.y - canvas.y) / canvas.height) * CANVAS_SIZE,
    };
  };

  // Focus is on the brush size just chosen. Centred 4x shows drawing [225, 375]; an arrow moves the view
  // by an eighth of what is shown (18.75 drawing pixels), Right showing more of the right.
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowDown");
  await expect.poll(async () => (await drawingAt(centre)).x).toBeCloseTo(337.5, 0);
  expect((await drawingAt(centre)).y).toBeCloseTo(318.75, 0);
  // A dot put in the middle of the viewport lands there in the drawing.
  await page.mouse.click(centre.x, centre.y);
  const dotted = await readCanvasPixels(page);
  expect(colourDistance(pixelAtCanvasPoint(dotted, { x: 337.5, y: 318.75 }), hexToRgba("#0000ff"))).toBe(0);

  // Shift moves half of what is shown; the view stops at the drawing's edge.
  for (let press = 0; press < 4; press++) await page.keyboard.press("Shift+ArrowLeft");
  await expect.poll(async () => (await drawingAt({ x: box.x, y: centre.y })).x).toBeCloseTo(0, 0);

  // In the caption's text field the arrows move the caret, not the view.
  await page.keyboard.press("t");
  const field = page.getByRole("textbox", { name: "Caption text" });
  await expect(field).toBeFocused();
  const before = await drawingAt(centre);
  await page.keyboard.type("GM");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.type("!");
  await expect(field).toHaveValue("G!M");
  // Up on the first line takes the caret to its start.
  await page.keyboard.press("ArrowUp");
  await page.keyboard.type("<");
  await expect(field).toHaveValue("<G!M");
  expect(await drawingAt(centre)).toEqual(before);
  await page.keyboard.press("Escape");

  await page.keyboard.press("?");
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(help).toContainText("Arrow keys");
  await expect(help).toContainText("Move around while zoomed");
});

test.describe("on a touch screen", () => {
  test.use({ hasTouch: true });

  test("two fingers put down together zoom and pan, and never draw", async ({ page }) => {
    const firstDisplay = await openDrawingPage(page);
    await expect(toolButton(page, "Zoom in")).toHaveAttribute("aria-disabled", "false");
    await choose(page, "red", 12);
    const box = await viewportBox(page);
    const at = (fx: number, fy: number) => ({ x: box.x + box.width * fx, y: box.y + box.height * fy });
    const touch = new TouchScreen(page);
    // Sent back to back, as fingers put down together reach the browser: awaiting the first one's answer let
    // a loaded machine put more than the 250 ms that still makes them a pair between them.
    await Promise.all([
      touch.touch("touchStart", [{ id: 1, ...at(0.45, 0.5) }]),
      touch.touch("touchStart", [
        { id: 1, ...at(0.45, 0.5) },
        { id: 2, ...at(0.55, 0.5) },
      ]),
    ]);
    for (let step = 1; step <= 10; step++) {
      await touch.touch("touchMove", [
        { id: 1, ...at(0.45 - step * 0.02, 0.5 + step * 0.01) },
        { id: 2, ...at(0.55 + step * 0.02, 0.5 + step * 0.01) },
      ]);
    }
    await touch.release();
    await expect(page.locator(".view-controls__level")).not.toHaveText("100%");
    const after = await readCanvasPixels(page);
    expect(changesOutsidePaths(firstDisplay, after, [], 0)).toEqual({ count: 0, samples: [] });
  });
});
