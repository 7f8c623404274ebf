import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { drawingCanvas, openBlankPage, readCanvasPixels } from "./helpers/page.ts";
import { compareBitmaps } from "./helpers/pixels.ts";
import { mouseStroke } from "./helpers/strokes.ts";
import { waitForCanvasChange } from "./helpers/tools.ts";

// A keyboard visitor who places a caption or a sticker, or closes the save sheet, goes on from the control
// that opened it, never from the top of the page (where the focus lands when the focused element goes away).

/** A button by its exact accessible name. */
function button(page: Page, name: string): Locator {
  return page.getByRole("button", { name, exact: true });
}

/** Opens the page on a white canvas and waits until the tools' buttons are in. */
async function openTools(page: Page) {
  const firstDisplay = await openBlankPage(page);
  await expect(button(page, "Text")).toBeEnabled();
  return firstDisplay;
}

test("placing a caption with Enter gives the focus back to Text, and so does cancelling one with Escape", async ({
  page,
}) => {
  const firstDisplay = await openTools(page);
  const field = page.getByRole("textbox", { name: "Caption text" });

  await button(page, "Text").focus();
  await page.keyboard.press("Enter");
  await expect(field).toBeFocused();
  await page.keyboard.type("HELLO");
  await page.keyboard.press("Enter");
  await expect(field).toHaveCount(0);
  await waitForCanvasChange(page, firstDisplay, 200);
  await expect(button(page, "Text")).toBeFocused();

  // Brush, then Text again: a new caption, ready for typing.
  await button(page, "Brush").focus();
  await page.keyboard.press("Enter");
  await button(page, "Text").focus();
  await page.keyboard.press("Enter");
  await expect(field).toBeFocused();
  await page.keyboard.type("NOT THIS");
  await page.keyboard.press("Escape");
  await expect(field).toHaveCount(0);
  await expect(button(page, "Text")).toBeFocused();
});

test("placing a sticker with Enter gives the focus back to Stickers, and so does closing the stickers with Escape", async ({
  page,
}) => {
  const firstDisplay = await openTools(page);
  await button(page, "Stickers").focus();
  await page.keyboard.press("Enter");
  const choices = page.getByRole("region", { name: "Stickers" }).getByRole("button");
  await choices.first().focus();
  // Chosen with the keyboard, a sticker is placed in the middle with its box focused.
  await page.keyboard.press("Enter");
  const placed = page.locator(".sticker-editor");
  await expect(placed).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(placed).toHaveCount(0);
  await waitForCanvasChange(page, firstDisplay, 200);
  await expect(button(page, "Stickers")).toBeFocused();

  await choices.first().focus();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("region", { name: "Stickers" })).toHaveCount(0);
  await expect(button(page, "Stickers")).toBeFocused();
});

test("picking a colour with the keyboard's point gives the focus back to Pick colour", async ({ page }) => {
  await openTools(page);
  await button(page, "Pick colour").focus();
  await page.keyboard.press("Enter");
  await expect(button(page, "Pick colour")).toHaveAttribute("aria-pressed", "true");
  // The point over the drawing comes before the panel: back past the tools to it.
  const point = page.getByRole("button", { name: /^Pick colour at / });
  for (let press = 0; press < 10; press++) {
    await page.keyboard.press("Shift+Tab");
    if (await point.evaluate((element) => element === document.activeElement)) break;
  }
  await expect(point).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(point).toHaveCount(0);
  await expect(button(page, "Pick colour")).toBeFocused();
});

test("closing the save sheet with Escape gives the focus to Save Image, also when Ctrl+S opened it", async ({
  page,
}) => {
  const firstDisplay = await openTools(page);
  await mouseStroke(page, [
    { x: 100, y: 100 },
    { x: 400, y: 300 },
  ]);
  expect(compareBitmaps(firstDisplay, await readCanvasPixels(page)).differingPixels).toBeGreaterThan(100);
  // The stroke leaves the focus on the page itself: Ctrl+S has no control to come back to.
  await drawingCanvas(page).hover();
  await expect(page.locator("body")).toBeFocused();
  const sheet = page.getByRole("dialog", { name: /^Saved/ });
  await page.keyboard.press("Control+s");
  await expect(sheet).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(sheet).toHaveCount(0);
  await expect(button(page, "Save Image")).toBeFocused();
});
