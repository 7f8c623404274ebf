import type { Locator, Page } from "@playwright/test";
import { CANVAS_SIZE } from "../../../src/common/constants.ts";
import { expect, test } from "../fixtures.ts";
import { expectUncovered } from "../helpers/layout.ts";
import {
  boxInDrawing,
  canvasGeometry,
  choose,
  openBlankPage,
  openDrawingPage,
  toViewport,
} from "../helpers/page.ts";
import { hexToRgba, type Pixels, pixelAt, type Rgba } from "../helpers/pixels.ts";
import { decodePng } from "../helpers/png.ts";
import { changedBox, toolButton, waitForCanvas, waitForCanvasChange } from "../helpers/tools.ts";

/** The caption's text field. */
function captionField(page: Page): Locator {
  return page.getByRole("textbox", { name: "Caption text" });
}

/** How many pixels of `pixels` inside the rows [top, bottom) have exactly `colour` (alpha left out). */
function countColour(pixels: Pixels, colour: Rgba, top = 0, bottom = pixels.height): number {
  let count = 0;
  for (let y = top; y < bottom; y++) {
    for (let x = 0; x < pixels.width; x++) {
      const [r, g, b] = pixelAt(pixels, x, y);
      if (r === colour[0] && g === colour[1] && b === colour[2]) count++;
    }
  }
  return count;
}

/** What the caption field shows on screen, as pixels (the letters are painted over the drawing there). */
async function fieldPixels(page: Page): Promise<Pixels> {
  const box = await page.locator(".caption-editor").boundingBox();
  if (box === null) throw new Error("no caption editor");
  return decodePng(await page.screenshot({ clip: box, animations: "disabled", caret: "hide" }));
}

/** The caption field's box in drawing pixels. */
const fieldInDrawing = (page: Page) => boxInDrawing(page, captionField(page));

/**
 * The field's own line breaks are the caption's (the caret then sits on the letters it is typed among): its
 * text takes no more lines than the painted lines shown under it.
 */
async function expectFieldLinesAsShown(page: Page): Promise<void> {
  const { scroll, client, lines } = await captionField(page).evaluate((field) => ({
    scroll: field.scrollHeight,
    client: field.clientHeight,
    lines: document.querySelectorAll(".caption-editor__lines > div").length,
  }));
  expect(lines).toBeGreaterThan(1);
  // Less than half a line over (rounding of the box): not a line more.
  expect(scroll).toBeLessThan(client + client / lines / 2);
}

/** A white drawing page whose tools are in (Text enabled). */
async function openWhitePage(page: Page): Promise<Pixels> {
  const blank = await openBlankPage(page);
  await expect(toolButton(page, "Text")).toBeEnabled();
  return blank;
}

/** Chooses `colour`, opens a caption with Text, types GM and places it; returns the canvas once it changed. */
async function placeGm(page: Page, colour: string, before: Pixels): Promise<Pixels> {
  await choose(page, colour);
  await toolButton(page, "Text").click();
  await expect(captionField(page)).toBeFocused();
  await page.keyboard.type("GM");
  await page.keyboard.press("Enter");
  return waitForCanvasChange(page, before, 300);
}

const BLACK = hexToRgba("#000000");

test("a new caption takes the chosen colour, outlined in black around a light one and white around a dark one", async ({
  page,
}) => {
  const blank = await openWhitePage(page);
  const first = await placeGm(page, "magenta", blank);
  expect(countColour(first, hexToRgba("#ff00ff")), "magenta letters").toBeGreaterThan(300);
  expect(countColour(first, BLACK), "black outline").toBeGreaterThan(200);

  // Blue is dark: its outline is white, so on white paper no black appears at all.
  const second = await placeGm(page, "blue", first);
  const box = changedBox(first, second);
  expect(countColour(second, hexToRgba("#0000ff"), box.top, box.bottom), "blue letters").toBeGreaterThan(300);
  expect(countColour(second, BLACK, box.top, box.bottom), "no black outline").toBe(0);
});

test("a colour chosen while a caption is open recolours it, on screen and when placed", async ({ page }) => {
  const blank = await openWhitePage(page);
  await choose(page, "red");
  await toolButton(page, "Text").click();
  await page.keyboard.type("WAGMI");
  expect(countColour(await fieldPixels(page), hexToRgba("#ff0000")), "red while typed").toBeGreaterThan(200);
  await choose(page, "green");
  const shown = await fieldPixels(page);
  expect(countColour(shown, hexToRgba("#00ff00")), "green once chosen").toBeGreaterThan(200);
  expect(countColour(shown, hexToRgba("#ff0000")), "no red left").toBe(0);
  await captionField(page).focus();
  await page.keyboard.press("Enter");
  const placed = await waitForCanvasChange(page, blank, 300);
  expect(countColour(placed, hexToRgba("#00ff00"))).toBeGreaterThan(300);
  expect(countColour(placed, hexToRgba("#ff0000"))).toBe(0);
});

test("Text pressed again opens a new caption ready for typing at once: the top, then the bottom, then the middle", async ({
  page,
}) => {
  const blank = await openWhitePage(page);
  await toolButton(page, "Text").click();
  await page.keyboard.type("GM");
  // With the caption open: the first is placed and the next opens at the bottom, taking the keys at once.
  await toolButton(page, "Text").click();
  await page.keyboard.type("FRED GOES");
  await expect(captionField(page)).toHaveValue("FRED GOES");
  expect((await fieldInDrawing(page)).top).toBeGreaterThan(CANVAS_SIZE / 2);
  const topPlaced = await waitForCanvasChange(page, blank, 200);
  expect(changedBox(blank, topPlaced).bottom).toBeLessThan(120);
  // Placed with Enter, then Text again: the next free place is the middle.
  await page.keyboard.press("Enter");
  await expect(captionField(page)).toHaveCount(0);
  await toolButton(page, "Text").click();
  await page.keyboard.type("FRED GOES");
  await expect(captionField(page)).toHaveValue("FRED GOES");
  const middle = await fieldInDrawing(page);
  expect(middle.top).toBeGreaterThan(150);
  expect(middle.bottom).toBeLessThan(450);
  await page.keyboard.press("Enter");
  const all = await waitForCanvasChange(page, topPlaced, 300);
  // Three captions, one in each third of the drawing; no shortcut fired on the way (F = Fill, E = Eraser).
  for (const [from, to] of [
    [0, 200],
    [200, 400],
    [400, 600],
  ] as const)
    expect(countColour(all, BLACK, from, to), `ink in rows ${from}-${to}`).toBeGreaterThan(200);
  await expect(toolButton(page, "Fill")).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByRole("button", { name: "Eraser", exact: true })).toHaveAttribute(
    "aria-pressed",
    "false",
  );
});

test("a caption undone frees its place: the next one opens there again", async ({ page }) => {
  const blank = await openWhitePage(page);
  await toolButton(page, "Text").click();
  await page.keyboard.type("GM");
  await page.keyboard.press("Enter");
  await waitForCanvasChange(page, blank, 200);
  await page.keyboard.press("Control+z");
  await waitForCanvas(page, blank);
  await toolButton(page, "Text").click();
  await expect(captionField(page)).toBeFocused();
  expect((await fieldInDrawing(page)).top).toBeLessThan(40);
});

test("keys typed while Text opens, and right after a tap on the drawing, are the caption's, never shortcuts", async ({
  page,
}) => {
  await openWhitePage(page);
  // T and the caption at once, without waiting for anything in between.
  await page.keyboard.type("tFRED GOES");
  await expect(captionField(page)).toHaveValue("FRED GOES");
  await page.keyboard.press("Enter");
  await expect(captionField(page)).toHaveCount(0);
  // A tap with Text on opens a caption there; typing straight after it.
  const geometry = await canvasGeometry(page);
  const tap = toViewport(geometry, { x: 300, y: 330 });
  await page.mouse.click(tap.x, tap.y);
  await page.keyboard.type("FRED GOES");
  await expect(captionField(page)).toHaveValue("FRED GOES");
  // Focus away from the field (on the Outline box), then letters: still the caption's. A Space there is the
  // box's, as a keyboard needs it to be.
  const outline = page.getByRole("checkbox", { name: "Outline" });
  await outline.focus();
  await page.keyboard.press(" ");
  await expect(outline).not.toBeChecked();
  await page.keyboard.type("FIE");
  await expect(captionField(page)).toHaveValue("FRED GOESFIE");
  await expect(toolButton(page, "Fill")).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByRole("button", { name: "Eraser", exact: true })).toHaveAttribute(
    "aria-pressed",
    "false",
  );
});

/** A 368-character caption, as a visitor wrote one. */
const LONG =
  "WHEN YOU FINALLY FINISH COLOURING IN THE WHOLE FROG AND THEN REALISE THE BELLY WAS SUPPOSED TO BE A " +
  "DIFFERENT COLOUR SO YOU UNDO FORTY TIMES AND START AGAIN BUT THIS TIME WITH FEELING AND A LOT MORE " +
  "ORANGE THAN ANYONE ASKED FOR BECAUSE THAT IS WHAT ART IS ABOUT AND FRED WOULD HAVE WANTED IT THIS WAY " +
  "IF HE COULD TALK WHICH HE CANNOT SINCE HE IS A DRAWING OF A FROG!!!";

test("a long caption wraps at the drawing's width and stays large enough to read", async ({ page }) => {
  expect(LONG.length).toBe(368);
  const blank = await openWhitePage(page);
  await toolButton(page, "Text").click();
  // Pasted-like input has no key presses to keep for a field still opening: it waits for the field.
  await expect(captionField(page)).toBeFocused();
  await page.keyboard.insertText(LONG);
  await expectFieldLinesAsShown(page);
  const shown = await fieldInDrawing(page);
  expect(shown.left).toBeGreaterThanOrEqual(0);
  expect(shown.right).toBeLessThanOrEqual(CANVAS_SIZE);
  await page.keyboard.press("Enter");
  const placed = changedBox(blank, await waitForCanvasChange(page, blank, 2000));
  // Many lines, most of the drawing's width: not one hairline.
  expect(placed.width).toBeGreaterThan(450);
  expect(placed.width).toBeLessThanOrEqual(CANVAS_SIZE - 20);
  expect(placed.height).toBeGreaterThan(350);
});

test("a word too long for one line breaks inside it", async ({ page }) => {
  const blank = await openWhitePage(page);
  await toolButton(page, "Text").click();
  await expect(captionField(page)).toBeFocused();
  await page.keyboard.insertText("A".repeat(60));
  await page.keyboard.press("Enter");
  const placed = changedBox(blank, await waitForCanvasChange(page, blank, 500));
  expect(placed.height).toBeGreaterThan(2 * 56);
  expect(placed.left).toBeGreaterThanOrEqual(10);
  expect(placed.right).toBeLessThanOrEqual(CANVAS_SIZE - 10);
});

test("Top text and Bottom text put the caption at that edge; a long bottom caption grows upwards", async ({
  page,
}) => {
  const blank = await openWhitePage(page);
  await toolButton(page, "Text").click();
  await page.keyboard.type("ONE DOES NOT SIMPLY");
  await page.getByRole("button", { name: "Bottom text", exact: true }).click();
  await expect(page.getByRole("button", { name: "Bottom text", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  // The keys still go to the caption after the button.
  await page.keyboard.type(" COLOUR IN A FROG WITHOUT GOING OVER THE LINES EVEN ONCE");
  await page.getByRole("button", { name: "Place caption", exact: true }).click();
  const bottom = await waitForCanvasChange(page, blank, 500);
  const bottomBox = changedBox(blank, bottom);
  expect(bottomBox.bottom).toBeGreaterThan(CANVAS_SIZE - 24);
  expect(bottomBox.bottom).toBeLessThanOrEqual(CANVAS_SIZE - 4);
  expect(bottomBox.height).toBeGreaterThan(2 * 56);

  await toolButton(page, "Text").click();
  await page.keyboard.type("TOP");
  await page.getByRole("button", { name: "Top text", exact: true }).click();
  await page.keyboard.press("Enter");
  const topBox = changedBox(bottom, await waitForCanvasChange(page, bottom, 300));
  expect(topBox.top).toBeLessThan(24);
  expect(topBox.top).toBeGreaterThanOrEqual(4);
});

for (const screen of [
  { width: 1366, height: 768, touch: false },
  { width: 1280, height: 720, touch: false },
  { width: 390, height: 844, touch: true },
]) {
  test.describe(`at ${screen.width}x${screen.height}`, () => {
    test.use({
      viewport: { width: screen.width, height: screen.height },
      ...(screen.touch ? { hasTouch: true, isMobile: true, deviceScaleFactor: 3 } : {}),
    });

    test("with a caption open, Top text, Bottom text, Place caption and Save Image are in view and uncovered", async ({
      page,
    }) => {
      await openDrawingPage(page);
      await toolButton(page, "Text").click();
      await expect(captionField(page)).toBeFocused();
      await page.keyboard.insertText(LONG);
      await expectFieldLinesAsShown(page);
      for (const name of ["Top text", "Bottom text", "Place caption", "Save Image"])
        await expectUncovered(page, name, page.getByRole("button", { name, exact: true }));
    });
  });
}
