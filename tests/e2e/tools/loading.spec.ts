import type { Locator, Page } from "@playwright/test";
import type { Point } from "../../../src/client/engine/types.ts";
import { expect, test } from "../fixtures.ts";
import {
  canvasGeometry,
  choose,
  openDrawingPage,
  readCanvasPixels,
  swatch,
  toViewport,
} from "../helpers/page.ts";
import { compareBitmaps, hexToRgba, pixelAtCanvasPoint, scaleOf } from "../helpers/pixels.ts";
import { changedBox, toolButton, waitForCanvasChange } from "../helpers/tools.ts";

/**
 * Holds every request for the built chunk named `chunk` (e.g. "ToolControls") until the returned function is
 * called, so a test can act while that code is still on its way.
 */
async function holdChunk(page: Page, chunk: string): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(new RegExp(`/assets/${chunk}-[\\w-]+\\.js$`), async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test("a tool's key pressed while the tools' code is still loading is not lost: F turns Fill on once it is in", async ({
  page,
}) => {
  const release = await holdChunk(page, "ToolControls");
  await openDrawingPage(page);
  await page.keyboard.press("f");
  release();
  await expect(toolButton(page, "Fill")).toHaveAttribute("aria-pressed", "true");
});

test("a zoom key pressed before the view's code is in zooms once it is", async ({ page }) => {
  const release = await holdChunk(page, "canvas-view");
  await openDrawingPage(page);
  await expect(toolButton(page, "Fill")).toBeVisible();
  await page.keyboard.press("+");
  release();
  await expect(page.locator(".view-controls__level")).toHaveText("200%");
});

/** A point inside the default mascot's belly (drawing pixels), and the box its fill stays inside. */
const BELLY: Point = { x: 300, y: 440 };
const BELLY_BOX = { left: 198, top: 376, right: 402, bottom: 504 };

/**
 * Presses `control` where it is on screen with the device's own input (the mouse, or a finger), as a visitor
 * does: never waiting for it to be enabled first, as a locator's click would.
 */
async function pressOnScreen(page: Page, control: Locator, touch: boolean): Promise<void> {
  const box = await control.boundingBox();
  if (box === null) throw new Error("the control is not on screen");
  await tapAt(page, { x: box.x + box.width / 2, y: box.y + box.height / 2 }, touch);
}

async function tapAt(page: Page, at: Point, touch: boolean): Promise<void> {
  if (touch) await page.touchscreen.tap(at.x, at.y);
  else await page.mouse.click(at.x, at.y);
}

for (const device of [
  { name: "with a mouse", touch: false, use: {} },
  {
    name: "on a phone",
    touch: true,
    use: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
  },
]) {
  test.describe(device.name, () => {
    test.use(device.use);

    test("Fill pressed as soon as the canvas is ready, then a tap on the belly, fills the belly once the tools' code is in, and draws no stroke", async ({
      page,
    }) => {
      const release = await holdChunk(page, "ToolControls");
      const before = await openDrawingPage(page);
      await choose(page, "orange");
      await pressOnScreen(page, toolButton(page, "Fill"), device.touch);
      // The press takes at once, though the tools' code is held back.
      await expect(toolButton(page, "Fill")).toHaveAttribute("aria-pressed", "true");
      await tapAt(page, toViewport(await canvasGeometry(page), BELLY), device.touch);
      // The tap waits for Fill's code: nothing on the canvas yet, and no stroke.
      expect(compareBitmaps(before, await readCanvasPixels(page)).differingPixels, "no stroke").toBe(0);
      // A colour chosen after the tap is for what comes next: the belly takes the colour it was tapped with.
      await pressOnScreen(page, swatch(page, "red"), device.touch);
      await expect(swatch(page, "red")).toHaveAttribute("aria-pressed", "true");

      release();
      const after = await waitForCanvasChange(page, before, 0);
      expect(pixelAtCanvasPoint(after, BELLY)).toEqual(hexToRgba("#ffa500"));
      const changed = changedBox(before, after);
      const s = scaleOf(after);
      expect(changed.left).toBeGreaterThanOrEqual(BELLY_BOX.left * s);
      expect(changed.top).toBeGreaterThanOrEqual(BELLY_BOX.top * s);
      expect(changed.right).toBeLessThanOrEqual(BELLY_BOX.right * s);
      expect(changed.bottom).toBeLessThanOrEqual(BELLY_BOX.bottom * s);
    });
  });
}

test("Text pressed while the tools' code is still loading opens its caption once it is in, with the letters typed meanwhile", async ({
  page,
}) => {
  const release = await holdChunk(page, "ToolControls");
  await openDrawingPage(page);
  await pressOnScreen(page, toolButton(page, "Text"), false);
  await expect(toolButton(page, "Text")).toHaveAttribute("aria-pressed", "true");
  // F and E are Fill's and the eraser's keys: typed for the caption, they must stay its letters.
  await page.keyboard.type("FRED");
  release();
  const field = page.getByRole("textbox", { name: "Caption text" });
  await expect(field).toBeFocused();
  await expect(field).toHaveValue("FRED");
  await expect(toolButton(page, "Text")).toHaveAttribute("aria-pressed", "true");
});

test("letters, Shift+Enter and Enter typed while the tools' code is still loading place a two-line caption once it is in", async ({
  page,
}) => {
  const release = await holdChunk(page, "ToolControls");
  await openDrawingPage(page);
  const before = await readCanvasPixels(page);
  await pressOnScreen(page, toolButton(page, "Text"), false);
  await expect(toolButton(page, "Text")).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.type("GM");
  await page.keyboard.press("Shift+Enter");
  await page.keyboard.type("FRED");
  // Enter on the focused Text button would press it again: here it places the caption, as in its field.
  await page.keyboard.press("Enter");
  release();
  const after = await waitForCanvasChange(page, before, 300);
  await expect(page.getByRole("textbox", { name: "Caption text" })).toHaveCount(0);
  // Two lines: a line of these letters is about 50 rows high, and GMFRED on one line would be wider than FRED.
  const ink = changedBox(before, after);
  expect(ink.bottom - ink.top).toBeGreaterThan(80 * scaleOf(after));
  await page.keyboard.press("Control+z");
  await expect.poll(async () => compareBitmaps(before, await readCanvasPixels(page)).differingPixels).toBe(0);
});
