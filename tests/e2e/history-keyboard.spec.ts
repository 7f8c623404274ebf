import { readFile } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import type { Point } from "../../src/client/engine/types.ts";
import { DRAWINGS_PATH } from "../../src/common/api.ts";
import { expect, test } from "./fixtures.ts";
import { brushButton, choose, openDrawingPage, readCanvasPixels } from "./helpers/page.ts";
import { compareBitmaps, IDENTICAL, type Pixels } from "./helpers/pixels.ts";
import { decodePng, isPng } from "./helpers/png.ts";
import { SAVED_TEXT } from "./helpers/save.ts";
import { mouseStroke } from "./helpers/strokes.ts";
import { wall, wallLinks } from "./helpers/wall.ts";

/** A button by its exact accessible name. */
function button(page: Page, name: string): Locator {
  return page.getByRole("button", { name, exact: true });
}

/** Waits until the canvas shows exactly `expected`, pixel for pixel. */
async function expectCanvas(page: Page, expected: Pixels, what: string): Promise<void> {
  await expect
    .poll(async () => compareBitmaps(expected, await readCanvasPixels(page)), { message: what })
    .toEqual(IDENTICAL);
}

/** Draws a stroke and returns the canvas afterwards, checking the stroke changed it. */
async function strokeAndRead(page: Page, path: readonly Point[], before: Pixels): Promise<Pixels> {
  await mouseStroke(page, path);
  const after = await readCanvasPixels(page);
  expect(compareBitmaps(before, after).differingPixels, "the stroke changed the canvas").toBeGreaterThan(50);
  return after;
}

/** A short diagonal stroke, different for each `i`, inside the canvas. */
function nthStroke(i: number): Point[] {
  const x = 40 + ((i * 37) % 500);
  const y = 40 + ((i * 53) % 500);
  return [
    { x, y },
    { x: x + 30, y: y + 20 },
    { x: x + 10, y: y + 45 },
  ];
}

/** Checks Undo / Redo availability as the buttons expose it (aria-disabled keeps them focusable). */
async function expectHistoryButtons(page: Page, canUndo: boolean, canRedo: boolean): Promise<void> {
  await expect(button(page, "Undo")).toHaveAttribute("aria-disabled", String(!canUndo));
  await expect(button(page, "Redo")).toHaveAttribute("aria-disabled", String(!canRedo));
}

test("Undo restores exactly the pixels before a stroke and Redo exactly the pixels after it", async ({
  page,
}) => {
  const firstDisplay = await openDrawingPage(page);
  await expectHistoryButtons(page, false, false);

  await choose(page, "red", 8);
  const first = await strokeAndRead(page, nthStroke(1), firstDisplay);
  await choose(page, "blue", 3);
  const second = await strokeAndRead(page, nthStroke(2), first);
  await expectHistoryButtons(page, true, false);

  await button(page, "Undo").click();
  await expectCanvas(page, first, "one undo shows the canvas before the second stroke");
  await expectHistoryButtons(page, true, true);
  await button(page, "Undo").click();
  await expectCanvas(page, firstDisplay, "two undos show the first display");
  await expectHistoryButtons(page, false, true);

  // A disabled Undo does nothing, even when clicked regardless.
  await expect(button(page, "Undo")).toBeDisabled();
  await button(page, "Undo").click({ force: true });
  await expectCanvas(page, firstDisplay, "Undo with nothing to undo changes nothing");

  await button(page, "Redo").click();
  await expectCanvas(page, first, "redo brings the first stroke back");
  await button(page, "Redo").click();
  await expectCanvas(page, second, "redo brings the second stroke back");
  await expectHistoryButtons(page, true, false);
});

test("Clear can be undone and redone, exactly", async ({ page }) => {
  const firstDisplay = await openDrawingPage(page);
  await choose(page, "purple", 12);
  const stroked = await strokeAndRead(page, nthStroke(3), firstDisplay);

  await button(page, "Clear").click();
  await expectCanvas(page, firstDisplay, "Clear shows the first display");
  await button(page, "Undo").click();
  await expectCanvas(page, stroked, "undoing Clear brings the stroke back");
  await button(page, "Redo").click();
  await expectCanvas(page, firstDisplay, "redoing Clear clears again");
  await expectHistoryButtons(page, true, false);
});

test("a new stroke after an undo empties the redo stack", async ({ page }) => {
  const firstDisplay = await openDrawingPage(page);
  const first = await strokeAndRead(page, nthStroke(4), firstDisplay);
  await strokeAndRead(page, nthStroke(5), first);
  await button(page, "Undo").click();
  await expectCanvas(page, first, "undo");
  await expectHistoryButtons(page, true, true);

  const replaced = await strokeAndRead(page, nthStroke(6), first);
  await expectHistoryButtons(page, true, false);
  await expect(button(page, "Redo")).toBeDisabled();
  await button(page, "Redo").click({ force: true });
  await page.keyboard.press("Control+Shift+Z");
  await page.keyboard.press("Control+y");
  await expectCanvas(page, replaced, "nothing is redone after a new stroke");
});

test("50 strokes then 50 Ctrl+Z land exactly on the first display, and 50 Ctrl+Shift+Z come back", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const firstDisplay = await openDrawingPage(page);
  const colours = ["black", "red", "green", "blue", "orange"];
  for (let i = 0; i < 50; i++) {
    if (i % 10 === 0) await choose(page, colours[i / 10] ?? "black", [1, 3, 5, 8, 12][i / 10]);
    await mouseStroke(page, nthStroke(i));
  }
  const drawn = await readCanvasPixels(page);
  expect(compareBitmaps(firstDisplay, drawn).differingPixels).toBeGreaterThan(1000);

  for (let i = 0; i < 50; i++) await page.keyboard.press("Control+z");
  await expectCanvas(page, firstDisplay, "50 undos show the first display");
  await expectHistoryButtons(page, false, true);

  for (let i = 0; i < 50; i++) await page.keyboard.press("Control+Shift+Z");
  await expectCanvas(page, drawn, "50 redos show the full drawing");
  await expectHistoryButtons(page, true, false);
});

test("Ctrl+Shift+Z, Cmd+Shift+Z and Ctrl+Y redo; Cmd+Z undoes", async ({ page }) => {
  const firstDisplay = await openDrawingPage(page);
  const stroked = await strokeAndRead(page, nthStroke(7), firstDisplay);

  for (const redo of ["Control+Shift+Z", "Meta+Shift+Z", "Control+y"]) {
    await page.keyboard.press("Control+z");
    await expectCanvas(page, firstDisplay, "Ctrl+Z undoes");
    await page.keyboard.press(redo);
    await expectCanvas(page, stroked, `${redo} redoes`);
  }
  await page.keyboard.press("Meta+z");
  await expectCanvas(page, firstDisplay, "Cmd+Z undoes");
});

test("E toggles the eraser; ] and [ step through the brush sizes and stop at the ends", async ({ page }) => {
  await openDrawingPage(page);
  const eraser = button(page, "Eraser");
  await expect(eraser).toHaveAttribute("aria-pressed", "false");
  await page.keyboard.press("e");
  await expect(eraser).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("Shift+E");
  await expect(eraser).toHaveAttribute("aria-pressed", "false");

  // Plain letters never fire with Ctrl, and nothing fires with Alt.
  await page.keyboard.press("Alt+e");
  await page.keyboard.press("Control+Alt+z");
  await expect(eraser).toHaveAttribute("aria-pressed", "false");

  await expect(brushButton(page, 3)).toHaveAttribute("aria-pressed", "true");
  for (const size of [5, 8, 12, 12]) {
    await page.keyboard.press("]");
    await expect(brushButton(page, size)).toHaveAttribute("aria-pressed", "true");
  }
  for (const size of [8, 5, 3, 1, 1]) {
    await page.keyboard.press("[");
    await expect(brushButton(page, size)).toHaveAttribute("aria-pressed", "true");
  }
});

test("Ctrl+S and Cmd+S download the drawing, and the browser's own save is prevented", async ({ page }) => {
  const firstDisplay = await openDrawingPage(page);
  const stroked = await strokeAndRead(page, nthStroke(8), firstDisplay);
  // Registered after the page's own listener, so it sees whether the page prevented the default.
  await page.evaluate(() => {
    const seen: boolean[] = [];
    (window as unknown as { e2eSavePrevented: boolean[] }).e2eSavePrevented = seen;
    window.addEventListener("keydown", (event) => {
      if (event.key.toLowerCase() === "s") seen.push(event.defaultPrevented);
    });
  });

  const uploads: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === DRAWINGS_PATH && request.method() === "POST")
      uploads.push(request.url());
  });
  for (const combo of ["Control+s", "Meta+s"]) {
    const downloadEvent = page.waitForEvent("download");
    await page.keyboard.press(combo);
    const download = await downloadEvent;
    // A save in flight ignores another request, so the next combination waits until this one has finished.
    await expect(page.getByRole("status").filter({ hasText: SAVED_TEXT })).toBeVisible();
    expect(download.suggestedFilename()).toMatch(/^draw-fred-\d+\.png$/);
    const bytes = new Uint8Array(await readFile(await download.path()));
    expect(isPng(bytes)).toBe(true);
    expect(compareBitmaps(await decodePng(bytes), stroked)).toEqual(IDENTICAL);
  }
  // The second save is of the same picture: downloaded again, stored once.
  expect(uploads).toHaveLength(1);
  const prevented = await page.evaluate(
    () => (window as unknown as { e2eSavePrevented: boolean[] }).e2eSavePrevented,
  );
  expect(prevented).toEqual([true, true]);
});

test("shortcuts do nothing while typing in a text field or an editable element", async ({ page }) => {
  const firstDisplay = await openDrawingPage(page);
  const stroked = await strokeAndRead(page, nthStroke(9), firstDisplay);
  await page.evaluate(() => {
    const input = document.createElement("input");
    input.id = "e2e-input";
    input.setAttribute("aria-label", "e2e input");
    const editable = document.createElement("div");
    editable.id = "e2e-editable";
    editable.contentEditable = "true";
    editable.setAttribute("aria-label", "e2e editable");
    document.body.prepend(input, editable);
  });

  const fields = ["#e2e-input", "#e2e-editable"];
  // History keys first, while the browser's own editing history is empty, so its undo cannot change the fields.
  for (const selector of fields) {
    await page.locator(selector).focus();
    await expect(page.locator(selector)).toBeFocused();
    for (const combo of ["Control+z", "Meta+z", "Control+Shift+Z", "Control+y"])
      await page.keyboard.press(combo);
    await expectCanvas(page, stroked, `undo keys in ${selector} leave the drawing alone`);
  }
  for (const selector of fields) {
    await page.locator(selector).focus();
    await page.keyboard.type("e]?[");
    await expect(button(page, "Eraser")).toHaveAttribute("aria-pressed", "false");
    await expect(brushButton(page, 3)).toHaveAttribute("aria-pressed", "true");
    await expect(button(page, "Shortcuts")).toHaveAttribute("aria-expanded", "false");
  }
  await expect(page.locator("#e2e-input")).toHaveValue("e]?[");
  await expect(page.locator("#e2e-editable")).toHaveText("e]?[");

  // Once focus leaves the field, the same keys work again.
  await button(page, "Eraser").focus();
  await page.keyboard.press("e");
  await expect(button(page, "Eraser")).toHaveAttribute("aria-pressed", "true");
});

test("the Shortcuts button opens the help; Escape closes it and returns focus", async ({ page }) => {
  await openDrawingPage(page);
  const toggle = button(page, "Shortcuts");
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  const panelId = await toggle.getAttribute("aria-controls");
  expect(panelId).toBeTruthy();
  await expect(help).toBeHidden();

  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await expect(help).toBeVisible();
  expect(await help.getAttribute("id")).toBe(panelId);
  for (const text of ["Undo", "Redo", "Eraser on or off", "Smaller brush", "Larger brush", "Save image"]) {
    await expect(help.getByText(text, { exact: true })).toBeVisible();
  }
  expect(await help.evaluate((panel) => panel.contains(document.activeElement))).toBe(true);

  await page.keyboard.press("Escape");
  await expect(help).toBeHidden();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(toggle).toBeFocused();

  // "?" opens it from anywhere; Escape puts focus back where it was.
  await button(page, "Eraser").focus();
  await page.keyboard.press("?");
  await expect(help).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(help).toBeHidden();
  await expect(button(page, "Eraser")).toBeFocused();

  // "?" toggles, and the Close button closes.
  await page.keyboard.press("?");
  await expect(help).toBeVisible();
  await page.keyboard.press("?");
  await expect(help).toBeHidden();
  await toggle.click();
  await help.getByRole("button", { name: "Close", exact: true }).click();
  await expect(help).toBeHidden();
  await expect(toggle).toBeFocused();
});

test("Tab reaches every button and link, each showing a focus ring", async ({ page, launchWall }) => {
  // A wall of its own with two drawings: their cards' links and buttons are walked too, and no further page of
  // drawings arrives during the walk.
  const { server } = await launchWall(2);
  const firstDisplay = await openDrawingPage(page, server.url);
  const first = await strokeAndRead(page, nthStroke(10), firstDisplay);
  await strokeAndRead(page, nthStroke(11), first);
  await button(page, "Undo").click();
  await expectHistoryButtons(page, true, true);
  // What the walk needs on the page first: the tools' controls, whose chunk arrives once the page has settled
  // (on a busy machine well after the canvas is ready), and the wall with both cards.
  await expect(button(page, "Text")).toBeVisible();
  await expect(button(page, "Zoom in")).toBeVisible();
  await expect(wall(page)).toHaveAttribute("aria-busy", "false");
  await expect(wallLinks(page)).toHaveCount(2);

  const expected = await page.evaluate(() => {
    const controls = [...document.querySelectorAll<HTMLElement>("a[href], button:not([disabled])")].filter(
      (element) => element.getClientRects().length > 0,
    );
    controls.forEach((element, i) => {
      element.dataset.e2eTab = String(i);
    });
    return controls.map((element) => element.getAttribute("aria-label") || element.textContent?.trim() || "");
  });
  expect(expected).toEqual(
    expect.arrayContaining([
      "Undo",
      "Redo",
      "Eraser",
      "Clear",
      "Save Image",
      "Shortcuts",
      "black",
      "Brush size 12",
      "Text",
      "Zoom in",
    ]),
  );

  await page.locator("body").focus();
  const reached = new Map<string, { outline: string; shadow: string }>();
  // Until every control has had the focus, going round the page three times at most: a control that came late
  // (after the list above) takes a press without starving the walk.
  for (let i = 0; i < expected.length * 3 && reached.size < expected.length; i++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const active = document.activeElement as HTMLElement | null;
      const index = active?.dataset.e2eTab;
      if (!active || index === undefined) return null;
      const style = getComputedStyle(active);
      return {
        index,
        outline:
          style.outlineStyle === "none" || Number.parseFloat(style.outlineWidth) === 0
            ? "none"
            : style.outlineStyle,
        shadow: style.boxShadow,
      };
    });
    if (focused === null) continue;
    reached.set(focused.index, { outline: focused.outline, shadow: focused.shadow });
  }

  const missing = expected.filter((_, i) => !reached.has(String(i)));
  expect(missing, "controls Tab never reached").toEqual([]);
  const ringless = expected.filter((_, i) => {
    const ring = reached.get(String(i));
    return ring !== undefined && ring.outline === "none" && ring.shadow === "none";
  });
  expect(ringless, "focused controls without a visible ring").toEqual([]);
});

/** The accessible names Tab brings the focus to, from `start`, until `last` (at most `limit` presses). */
async function tabOrder(page: Page, start: Locator, last: string, limit = 80): Promise<string[]> {
  await start.focus();
  const names: string[] = [];
  for (let i = 0; i < limit; i++) {
    const name = await page.evaluate(() => {
      const active = document.activeElement as HTMLElement | null;
      const label = active instanceof HTMLInputElement ? active.labels?.[0]?.textContent?.trim() : "";
      return active?.getAttribute("aria-label") || label || active?.textContent?.trim() || "";
    });
    names.push(name);
    if (name === last) break;
    await page.keyboard.press("Tab");
  }
  return names;
}

test("Tab goes through the panel in order: tools, the open tool's options, colours, sizes, history, Save, Shortcuts, then zoom", async ({
  page,
}) => {
  await openDrawingPage(page);
  await expect(button(page, "Zoom in")).toBeVisible();
  const expected = [
    "Brush",
    "Eraser",
    "Text",
    "Stickers",
    "Fill",
    "Pick colour",
    "black",
    "spring green",
    "Custom colour",
    "Brush size 1",
    "Brush size 12",
    "Undo",
    "Redo",
    "Clear",
    "Save Image",
    "Shortcuts",
    "Zoom out",
    "Zoom in",
    "Fit",
  ];
  const order = await tabOrder(page, button(page, "Brush"), "Fit");
  expect(order.filter((name) => expected.includes(name))).toEqual(expected);

  // With a caption open, its options come right after the tools, before the colours that colour it.
  await button(page, "Text").click();
  await expect(page.getByRole("textbox", { name: "Caption text" })).toBeFocused();
  // The caption's options come with a chunk of their own, which may arrive after the field.
  await expect(page.getByRole("slider", { name: "Caption size" })).toBeVisible();
  const withCaption = await tabOrder(page, button(page, "Pick colour"), "black");
  expect(withCaption).toEqual([
    "Pick colour",
    "Caption size",
    "Outline",
    "Top text",
    "Bottom text",
    "Place caption",
    "Cancel",
    "black",
  ]);
});
