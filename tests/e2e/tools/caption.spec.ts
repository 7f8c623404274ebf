import type { Page } from "@playwright/test";
import { CAPTION_MARGIN } from "../../../src/client/tools/caption/caption-fit.ts";
import { CAPTION_FAMILY, CAPTION_SIZE } from "../../../src/client/tools/caption/caption-layout.ts";
import { CANVAS_SIZE } from "../../../src/common/constants.ts";
import { expect, test } from "../fixtures.ts";
import { axeViolations } from "../helpers/axe.ts";
import {
  boxInDrawing,
  canvasGeometry,
  choose,
  openBlankPage,
  readCanvasPixels,
  toViewport,
} from "../helpers/page.ts";
import { compareBitmaps, pixelAt } from "../helpers/pixels.ts";
import {
  changedBox,
  chooseTool,
  expectUndoRedoAndRestore,
  toolButton,
  waitForCanvasChange,
} from "../helpers/tools.ts";

/**
 * The drawing page with the mascot blocked (a white first display) and Text chosen: its field has the focus, in
 * the caption's own face. Until the face is in, the caption is shown in the device's wider one, and its move
 * handle, beside it, moves when the face arrives: a press aimed at the handle would land on the drawing.
 */
async function openCaption(page: Page) {
  const blank = await openBlankPage(page);
  await chooseTool(page, "Text");
  const field = page.getByRole("textbox", { name: "Caption text" });
  await expect(field).toBeFocused();
  await page.waitForFunction(
    (family) => [...document.fonts].some((face) => face.family === family && face.status === "loaded"),
    CAPTION_FAMILY,
  );
  return { blank, field };
}

test("a caption lands where it was placed, yellow inside a black outline, and one undo removes exactly it", async ({
  page,
}) => {
  const { blank, field } = await openCaption(page);
  // A tap on the drawing moves the caption there (centred on the tap).
  const geometry = await canvasGeometry(page);
  const tap = toViewport(geometry, { x: 300, y: 400 });
  await page.mouse.click(tap.x, tap.y);
  await expect(field).toBeFocused();
  await page.keyboard.type("GM");
  await page.keyboard.press("Shift+Enter");
  await page.keyboard.insertText("FRENS");
  await choose(page, "yellow");
  await expect(page.getByRole("checkbox", { name: "Outline" })).toBeChecked();
  await field.focus();
  await page.keyboard.press("Enter");
  await expect(field).toHaveCount(0);
  const captioned = await waitForCanvasChange(page, blank, 500);

  // Centred on the tap horizontally; its two lines around the tap's height and below.
  const box = changedBox(blank, captioned);
  expect(Math.abs((box.left + box.right) / 2 - 300)).toBeLessThanOrEqual(3);
  expect(box.top).toBeGreaterThan(400 - 56);
  expect(box.top).toBeLessThan(400);
  expect(box.bottom).toBeGreaterThan(400 + 56);
  // Yellow letters, black outline, and no yellow pixel touching the white background.
  let yellow = 0;
  let black = 0;
  const yellowTouchingWhite: string[] = [];
  for (let y = box.top; y <= box.bottom; y++) {
    for (let x = box.left; x <= box.right; x++) {
      const [r, g, b] = pixelAt(captioned, x, y);
      if (r === 0 && g === 0 && b === 0) black++;
      if (r !== 255 || g !== 255 || b !== 0) continue;
      yellow++;
      for (const [dx, dy] of [
        [1, 0],
        [-1, 0],
        [0, 1],
        [0, -1],
      ] as const) {
        const [nr, ng, nb] = pixelAt(captioned, x + dx, y + dy);
        if (nr > 240 && ng > 240 && nb > 240) yellowTouchingWhite.push(`${x + dx},${y + dy}`);
      }
    }
  }
  expect(yellowTouchingWhite).toEqual([]);
  expect(yellow).toBeGreaterThan(300);
  expect(black).toBeGreaterThan(300);

  await expectUndoRedoAndRestore(page, blank, captioned);
});

test("Text from the keyboard alone: T opens a caption, Escape cancels it, Enter places it", async ({
  page,
}) => {
  const blank = await openBlankPage(page);
  await expect(toolButton(page, "Text")).toBeVisible();
  await page.keyboard.press("t");
  const field = page.getByRole("textbox", { name: "Caption text" });
  await expect(field).toBeFocused();
  // A phone's keyboard shows its Enter key as "Done": it places the caption.
  await expect(field).toHaveAttribute("enterkeyhint", "done");
  // A keyboard has Shift+Enter: the touch screen's New line button is not shown.
  await expect(page.getByRole("button", { name: "New line", exact: true })).toBeHidden();
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.type("nope");
  await page.keyboard.press("Escape");
  await expect(field).toHaveCount(0);
  expect(compareBitmaps(blank, await readCanvasPixels(page)).differingPixels).toBe(0);

  // Text pressed again (Enter on its button) opens a new caption, its field ready for typing.
  await toolButton(page, "Text").focus();
  await page.keyboard.press("Enter");
  await expect(field).toBeFocused();
  // The move handle moves the caption with the arrow keys.
  await page.keyboard.type("WAGMI");
  await page.getByRole("button", { name: "Move caption" }).focus();
  await page.keyboard.press("Shift+ArrowDown");
  await page.getByRole("button", { name: "Place caption" }).click();
  await expect(field).toHaveCount(0);
  await waitForCanvasChange(page, blank, 200);
});

test("Enter while an input method is composing belongs to the composition; the next Enter places the caption", async ({
  page,
}) => {
  const blank = await openBlankPage(page);
  // T works once the tools' code is in.
  await expect(toolButton(page, "Text")).toBeEnabled();
  await page.keyboard.press("t");
  const field = page.getByRole("textbox", { name: "Caption text" });
  await expect(field).toBeFocused();
  // The field notes the composition events it receives, to show the composition really opened and closed.
  await field.evaluate((element) => {
    for (const type of ["compositionstart", "compositionend"])
      element.addEventListener(type, () =>
        element.setAttribute("data-seen", `${element.dataset.seen ?? ""} ${type}`),
      );
  });

  // An input method (as Chromium's IME layer drives it) composes an accent after "CAF", not chosen yet.
  await page.keyboard.type("CAF");
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.imeSetComposition", { text: "´", selectionStart: 1, selectionEnd: 1 });
  // Enter pressed to choose the character: as the IME reports it (key code 229) and as a plain Enter key
  // (key code 13) arriving while the composition is open. Neither places the caption.
  for (const keyCode of [229, 13]) {
    const key = { key: "Enter", code: "Enter", windowsVirtualKeyCode: keyCode };
    await cdp.send("Input.dispatchKeyEvent", { type: "rawKeyDown", ...key });
    await cdp.send("Input.dispatchKeyEvent", { type: "keyUp", ...key });
  }
  await expect(field).toHaveValue("CAF´");
  await expect(field).toHaveAttribute("data-seen", " compositionstart");
  // The input method commits its choice (compositionend): still a caption being typed.
  await cdp.send("Input.insertText", { text: "É" });
  await expect(field).toHaveValue("CAFÉ");
  await expect(field).toHaveAttribute("data-seen", " compositionstart compositionend");
  // Safari reports the Enter that chose the characters after compositionend, with key code 229: still the
  // input method's key.
  const late = { key: "Enter", code: "Enter", windowsVirtualKeyCode: 229 };
  await cdp.send("Input.dispatchKeyEvent", { type: "rawKeyDown", ...late });
  await cdp.send("Input.dispatchKeyEvent", { type: "keyUp", ...late });
  await expect(field).toBeFocused();
  await expect(field).toHaveValue("CAFÉ");
  expect(compareBitmaps(blank, await readCanvasPixels(page)).differingPixels).toBe(0);

  // With the composition over, Enter places the caption into the drawing.
  await page.keyboard.press("Enter");
  await expect(field).toHaveCount(0);
  await waitForCanvasChange(page, blank, 200);
});

/** The caption field's box in drawing pixels (the field shows the caption where it will land). */
const fieldBoxInDrawing = (page: Page) =>
  boxInDrawing(page, page.getByRole("textbox", { name: "Caption text" }));

test("a line too long for the drawing wraps at its width, whole on the drawing, and lands as the field showed it", async ({
  page,
}) => {
  const { blank, field } = await openCaption(page);
  await page.keyboard.insertText("WHEN YOU BUY THE DIP AND IT KEEPS DIPPING");
  // Wrapped, not set smaller: two lines at the size chosen.
  await expect(page.locator("#caption-help")).not.toContainText("Set smaller");
  const shown = await fieldBoxInDrawing(page);
  expect(shown.left).toBeGreaterThanOrEqual(0);
  expect(shown.right).toBeLessThanOrEqual(CANVAS_SIZE);
  expect(shown.bottom - shown.top).toBeGreaterThan(2 * CAPTION_SIZE.initial);
  // The move handle sits where it can be reached, on the drawing.
  const handle = await page.getByRole("button", { name: "Move caption" }).boundingBox();
  const geometry = await canvasGeometry(page);
  expect(handle?.x).toBeGreaterThanOrEqual(geometry.left);
  expect((handle?.x ?? 0) + (handle?.width ?? 0)).toBeLessThanOrEqual(geometry.left + geometry.width);

  await page.keyboard.press("Enter");
  await expect(field).toHaveCount(0);
  const placed = changedBox(blank, await waitForCanvasChange(page, blank, 500));
  // Every letter on the drawing, inside its margins, on two lines where the field showed them.
  expect(placed.left).toBeGreaterThanOrEqual(CAPTION_MARGIN - 2);
  expect(placed.right).toBeLessThanOrEqual(CANVAS_SIZE - CAPTION_MARGIN + 2);
  expect(placed.height).toBeGreaterThan(1.5 * CAPTION_SIZE.initial);
  expect(Math.abs((placed.left + placed.right) / 2 - (shown.left + shown.right) / 2)).toBeLessThanOrEqual(3);
  expect(placed.top).toBeGreaterThanOrEqual(shown.top - 2);
  expect(placed.bottom).toBeLessThanOrEqual(shown.bottom + 2);
});

test("a caption dragged past the drawing's edge stays whole on it", async ({ page }) => {
  const { blank } = await openCaption(page);
  await page.keyboard.insertText("GM FRENS");
  const handle = page.getByRole("button", { name: "Move caption" });
  const start = await handle.boundingBox();
  if (start === null) throw new Error("no move handle");
  const geometry = await canvasGeometry(page);
  // Far past the left edge and down past the bottom, then back a little: the caption follows at once.
  await page.mouse.move(start.x + start.width / 2, start.y + start.height / 2);
  await page.mouse.down();
  await page.mouse.move(geometry.left - 300, geometry.top + geometry.height + 300, { steps: 8 });
  await page.mouse.move(geometry.left - 280, geometry.top + geometry.height + 300, { steps: 2 });
  await page.mouse.up();
  // React renders a pointer move's change in its own task: the field is read once it has.
  await expect.poll(async () => (await fieldBoxInDrawing(page)).left).toBeGreaterThan(CAPTION_MARGIN);
  await page.getByRole("button", { name: "Place caption" }).click();
  const placed = changedBox(blank, await waitForCanvasChange(page, blank, 300));
  expect(placed.left).toBeGreaterThanOrEqual(CAPTION_MARGIN - 2);
  expect(placed.bottom).toBeLessThanOrEqual(CANVAS_SIZE);
  expect(placed.bottom).toBeGreaterThan(CANVAS_SIZE - 40);
  // The drag back moved it off the edge it was held at: 20 px on screen.
  expect(placed.left).toBeGreaterThan(CAPTION_MARGIN + 10);
});

test.describe("on a touch screen", () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

  test("New line stands in for Shift+Enter: the caption gets a second line and the field keeps the focus", async ({
    page,
  }) => {
    const { blank, field } = await openCaption(page);
    await page.keyboard.insertText("GM");
    await page.getByRole("button", { name: "New line", exact: true }).tap();
    await expect(field).toBeFocused();
    await page.keyboard.insertText("FRENS");
    await expect(field).toHaveValue("GM\nFRENS");
    await page.getByRole("button", { name: "Place caption", exact: true }).tap();
    await expect(field).toHaveCount(0);
    // Two lines of the default size: more than one line's height.
    const box = changedBox(blank, await waitForCanvasChange(page, blank, 500));
    expect(box.height).toBeGreaterThan(CAPTION_SIZE.initial * 1.5);
  });
});
