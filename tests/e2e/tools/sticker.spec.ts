import type { Page } from "@playwright/test";
import { STICKER_SIZE } from "../../../src/client/tools/stickers/sticker-transform.ts";
import { DEFAULT_BRANDING } from "../../../src/common/config.ts";
import { expect, test } from "../fixtures.ts";
import { axeViolations } from "../helpers/axe.ts";
import {
  blockMascot,
  canvasGeometry,
  openBlankPage,
  openDrawingPage,
  readCanvasPixels,
  toViewport,
} from "../helpers/page.ts";
import { compareBitmaps, type Pixels, pixelAt } from "../helpers/pixels.ts";
import { TouchScreen } from "../helpers/strokes.ts";
import { changedBox, chooseTool, expectUndoRedoAndRestore, waitForCanvasChange } from "../helpers/tools.ts";

/** Whether there is a near-black pixel within `radius` of a point. */
function inkNear(pixels: Pixels, at: { x: number; y: number }, radius: number): boolean {
  for (let y = Math.round(at.y - radius); y <= at.y + radius; y++) {
    for (let x = Math.round(at.x - radius); x <= at.x + radius; x++) {
      const [r, g, b] = pixelAt(pixels, x, y);
      if (r < 60 && g < 60 && b < 60) return true;
    }
  }
  return false;
}

async function placeBubbleAt(page: Page, x: number, y: number) {
  await chooseTool(page, "Stickers");
  await page.getByRole("button", { name: "Speech bubble", exact: true }).click();
  const at = toViewport(await canvasGeometry(page), { x, y });
  await page.mouse.click(at.x, at.y);
  await expect(page.locator(".sticker-editor")).toBeFocused();
}

// The speech bubble's art (256 x 256): its outline spans x 7.5..248.5 and y 25.5..238.5; the tail's tip is
// at (44, 234), that is (-84, +106) from the art's centre.
const ART = { width: 241, height: 213, centreDy: 4, tail: { x: -84, y: 106 } };

test("a sticker lands where it was tapped, at the size the corner handle gives it, turned by the keyboard", async ({
  page,
}) => {
  const blank = await openBlankPage(page);
  await placeBubbleAt(page, 300, 300);
  expect(await axeViolations(page)).toEqual([]);

  // Drag the corner handle out: the sticker grows from 160 to 240 wide (corner 40 px farther on each axis).
  const handle = page.locator(".sticker-editor__handle--resize");
  const handleBox = await handle.boundingBox();
  if (handleBox === null) throw new Error("no resize handle");
  const geometry = await canvasGeometry(page);
  const from = { x: handleBox.x + handleBox.width / 2, y: handleBox.y + handleBox.height / 2 };
  const target = toViewport(geometry, { x: 300 + 120, y: 300 + 120 });
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + target.x) / 2, (from.y + target.y) / 2);
  await page.mouse.move(target.x, target.y);
  await page.mouse.up();

  // A quarter turn clockwise: six turns of 15 degrees.
  await page.locator(".sticker-editor").focus();
  for (let turn = 0; turn < 6; turn++) await page.keyboard.press("r");
  await page.keyboard.press("Enter");
  await expect(page.locator(".sticker-editor")).toHaveCount(0);
  const placed = await waitForCanvasChange(page, blank, 1000);

  const size = 240;
  const s = size / 256;
  const box = changedBox(blank, placed);
  // Turned a quarter: the art's height lies across, its width stands up.
  expect(box.width).toBeGreaterThan(ART.height * s - 6);
  expect(box.width).toBeLessThan(ART.height * s + 6);
  expect(box.height).toBeGreaterThan(ART.width * s - 6);
  expect(box.height).toBeLessThan(ART.width * s + 6);
  // Centred where it was tapped. The art's outline is 4 px lower than the art's centre, which after a clockwise
  // quarter turn puts the ink's middle 4 px (scaled) left of the tap; anticlockwise it would be right of it.
  expect(Math.abs((box.left + box.right) / 2 - (300 - ART.centreDy * s))).toBeLessThanOrEqual(3);
  expect(Math.abs((box.top + box.bottom) / 2 - 300)).toBeLessThanOrEqual(3);
  // The tail (bottom left unturned) is now at the top left, and gone from the bottom left.
  const tail = { x: 300 - ART.tail.y * s, y: 300 + ART.tail.x * s };
  expect(inkNear(placed, tail, 6), `tail near ${tail.x},${tail.y}`).toBe(true);
  expect(inkNear(placed, { x: 300 + ART.tail.x * s, y: 300 + ART.tail.y * s }, 6)).toBe(false);

  await expectUndoRedoAndRestore(page, blank, placed);
});

test("a sticker tapped at the drawing's edge lands whole against it, and its turn handle, below it there, turns it", async ({
  page,
}) => {
  const blank = await openBlankPage(page);
  await placeBubbleAt(page, 300, 5);
  const geometry = await canvasGeometry(page);
  const centre = toViewport(geometry, { x: 300, y: 80 });

  // Above the sticker the handle would be off the drawing: it is below it, on the drawing.
  const handle = await page.locator(".sticker-editor__handle--rotate").boundingBox();
  if (handle === null) throw new Error("no turn handle");
  const grip = { x: handle.x + handle.width / 2, y: handle.y + handle.height / 2 };
  expect(grip.y).toBeGreaterThan(centre.y + 80);
  expect(grip.y).toBeLessThan(geometry.top + geometry.height);
  // Dragged round to the left of the centre: the sticker's bottom faces left, a quarter turn clockwise.
  const left = toViewport(geometry, { x: 100, y: 80 });
  await page.mouse.move(grip.x, grip.y);
  await page.mouse.down();
  await page.mouse.move((grip.x + left.x) / 2, grip.y, { steps: 3 });
  await page.mouse.move(left.x, left.y, { steps: 3 });
  await page.mouse.up();
  await page.getByRole("button", { name: "Done", exact: true }).click();
  const placed = await waitForCanvasChange(page, blank, 1000);

  const s = STICKER_SIZE.initial / 256;
  const box = changedBox(blank, placed);
  // Centred 80 px down, so the unturned sticker's 160 px reach the top edge and no further.
  expect(Math.abs((box.top + box.bottom) / 2 - 80)).toBeLessThanOrEqual(3);
  expect(box.width).toBeGreaterThan(ART.height * s - 6);
  expect(box.width).toBeLessThan(ART.height * s + 6);
  // The tail (bottom left unturned) is at the top left.
  expect(inkNear(placed, { x: 300 - ART.tail.y * s, y: 80 + ART.tail.x * s }, 6)).toBe(true);
});

test("stickers from the keyboard alone: a chosen sticker lands in the middle, arrows move it, Escape closes", async ({
  page,
}) => {
  const blank = await openBlankPage(page);
  const stickers = page.getByRole("button", { name: "Stickers", exact: true });
  // A tool that acts on taps is offered once its code is in; until then its button is disabled and takes no focus.
  await expect(stickers).toBeEnabled();
  await stickers.focus();
  await page.keyboard.press("Enter");
  const crown = page.getByRole("button", { name: "Crown", exact: true });
  await expect(crown).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await crown.focus();
  await page.keyboard.press("Enter");
  await expect(page.locator(".sticker-editor")).toBeFocused();
  await page.keyboard.press("Shift+ArrowUp");
  await page.keyboard.press("Escape");
  await expect(page.locator(".sticker-editor")).toHaveCount(0);
  expect(compareBitmaps(blank, await readCanvasPixels(page)).differingPixels).toBe(0);

  await crown.focus();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Shift+ArrowUp");
  await page.keyboard.press("Enter");
  const box = changedBox(blank, await waitForCanvasChange(page, blank, 1000));
  expect(Math.abs((box.left + box.right) / 2 - 300)).toBeLessThanOrEqual(4);
  expect((box.top + box.bottom) / 2).toBeLessThan(300 - 10);

  // Escape in the panel closes it and hands the brush back.
  await crown.focus();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("region", { name: "Stickers" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Stickers", exact: true })).toHaveAttribute(
    "aria-pressed",
    "false",
  );
});

test("a community's own sticker from the branding file is offered after Fanvas's and can be placed", async ({
  launchServer,
  page,
}) => {
  const server = await launchServer({
    branding: { ...DEFAULT_BRANDING, stickers: [{ name: "Our mascot", image: "/mascot.svg" }] },
  });
  await blockMascot(page);
  const blank = await openDrawingPage(page, server.url);
  await chooseTool(page, "Stickers");
  const choices = page.getByRole("region", { name: "Stickers" }).getByRole("button");
  await expect(choices.last()).toHaveAccessibleName("Our mascot");
  await expect(page.getByRole("button", { name: "Fred happy", exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Our mascot", exact: true }).click();
  const at = toViewport(await canvasGeometry(page), { x: 300, y: 300 });
  await page.mouse.click(at.x, at.y);
  await page.keyboard.press("Enter");
  await waitForCanvasChange(page, blank, 1000);
});

test.describe("on a touch screen", () => {
  test.use({ hasTouch: true });

  test("two fingers on a placed sticker make it larger and turn it, and never draw", async ({ page }) => {
    const blank = await openBlankPage(page);
    await chooseTool(page, "Stickers");
    await page.getByRole("button", { name: "Speech bubble", exact: true }).click();
    const geometry = await canvasGeometry(page);
    const middle = toViewport(geometry, { x: 300, y: 300 });
    const touch = new TouchScreen(page);
    await touch.touch("touchStart", [{ id: 1, ...middle }]);
    await touch.release();
    await expect(page.locator(".sticker-editor")).toBeVisible();
    const before = await page.locator(".sticker-editor").boundingBox();
    // Two fingers 40 px apart on the sticker, spread to 120 px and turned a quarter clockwise.
    const unit = geometry.width / 600;
    const at = (dx: number, dy: number) => ({ x: middle.x + dx * unit, y: middle.y + dy * unit });
    await touch.touch("touchStart", [{ id: 1, ...at(-20, 0) }]);
    await touch.touch("touchStart", [
      { id: 1, ...at(-20, 0) },
      { id: 2, ...at(20, 0) },
    ]);
    for (let step = 1; step <= 10; step++) {
      const spread = 20 + step * 4;
      const angle = (step / 10) * (Math.PI / 2);
      const [dx, dy] = [Math.cos(angle) * spread, Math.sin(angle) * spread];
      await touch.touch("touchMove", [
        { id: 1, ...at(-dx, -dy) },
        { id: 2, ...at(dx, dy) },
      ]);
    }
    await touch.release();
    await expect(
      page.locator(".view-controls__level"),
      "the fingers turned the sticker, not the view",
    ).toHaveText("100%");
    // The fingers' spread went from 40 to 120: three times the size. Touch moves reach the page after the
    // protocol has answered (the browser queues them for the page's next frame), so wait for the last one.
    const editor = page.locator(".sticker-editor");
    await expect
      .poll(async () => (await editor.boundingBox())?.width ?? 0)
      .toBeGreaterThan((before?.width ?? 0) * 2.8);
    // ...and the box is drawn where the fingers put it at every move, never eased after them.
    await expect(editor).toHaveCSS("transition-duration", "0s");
    expect(compareBitmaps(blank, await readCanvasPixels(page)).differingPixels).toBe(0);
    await page.getByRole("button", { name: "Done", exact: true }).click();
    // Turned a quarter clockwise, like the fingers: the tail (bottom left unturned) is at the top left.
    const placed = await waitForCanvasChange(page, blank, 1000);
    const s = 480 / 256;
    expect(inkNear(placed, { x: 300 - ART.tail.y * s, y: 300 + ART.tail.x * s }, 8)).toBe(true);
    expect(inkNear(placed, { x: 300 + ART.tail.x * s, y: 300 + ART.tail.y * s }, 8)).toBe(false);
  });
});
