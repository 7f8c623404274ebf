import type { BrowserContext, Page } from "@playwright/test";
import type { DrawingDocument } from "../../src/common/drawing-document/types.ts";
import { expect, test } from "./fixtures.ts";
import { openRestoredPage } from "./helpers/backup.ts";
import { harnessForFile, openHarness, paintInHarness } from "./helpers/engine-harness.ts";
import { canvasGeometry, choose, readCanvasPixels, swatch, toViewport } from "./helpers/page.ts";
import { compareBitmaps, IDENTICAL, type Pixels } from "./helpers/pixels.ts";
import { decodePng } from "./helpers/png.ts";
import { saveImage } from "./helpers/save.ts";
import { readBackupDocument } from "./helpers/stored-log.ts";
import { mouseStroke, TouchScreen } from "./helpers/strokes.ts";
import { chooseTool, toolButton, waitForCanvasChange } from "./helpers/tools.ts";

// A drawing made with real input through every tool (brush, eraser, pick colour, text, a sticker, fill, Clear,
// undo and redo), then its log, as the page's backup keeps it, painted on a fresh engine in the same browser:
// the same pixels as the saved PNG, exactly. On a desktop with the mouse, and on a phone with the finger.

const harness = harnessForFile();

/** How the test's hand reaches the page: a stroke, a tap on the drawing, a press on a control. */
interface Hand {
  stroke(path: readonly { x: number; y: number }[]): Promise<void>;
  tapDrawing(x: number, y: number): Promise<void>;
  press(name: string): Promise<void>;
}

function mouseHand(page: Page): Hand {
  return {
    stroke: (path) => mouseStroke(page, path),
    async tapDrawing(x, y) {
      const at = toViewport(await canvasGeometry(page), { x, y });
      await page.mouse.click(at.x, at.y);
    },
    press: (name) => page.getByRole("button", { name, exact: true }).click(),
  };
}

function fingerHand(page: Page): Hand {
  const screen = new TouchScreen(page);
  return {
    stroke: (path) => screen.strokeOnCanvas(path),
    async tapDrawing(x, y) {
      const at = toViewport(await canvasGeometry(page), { x, y });
      await page.touchscreen.tap(at.x, at.y);
    },
    press: (name) => page.getByRole("button", { name, exact: true }).tap(),
  };
}

/** Draws with every tool through `hand`; returns the saved PNG's pixels (the 600 x 600 drawing). */
async function drawWithEveryTool(page: Page, hand: Hand): Promise<Pixels> {
  await choose(page, "purple", 8);
  await hand.stroke([
    { x: 80, y: 120 },
    { x: 300, y: 60 },
    { x: 520, y: 140 },
    { x: 470, y: 330 },
  ]);
  await chooseTool(page, "Eraser");
  await hand.stroke([
    { x: 100, y: 90 },
    { x: 520, y: 170 },
  ]);
  // Pick the purple back, then draw with it: a colour picked ends erasing.
  await chooseTool(page, "Pick colour");
  await hand.tapDrawing(470, 330);
  await expect(swatch(page, "purple")).toHaveAttribute("aria-pressed", "true");
  await choose(page, "purple", 3);
  await hand.stroke([
    { x: 60, y: 560 },
    { x: 200, y: 450 },
    { x: 330, y: 560 },
  ]);

  await chooseTool(page, "Text");
  await expect(page.getByRole("textbox", { name: "Caption text" })).toBeFocused();
  await page.keyboard.insertText("GM FRENS");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("textbox", { name: "Caption text" })).toHaveCount(0);

  await chooseTool(page, "Stickers");
  await hand.press("Crown");
  await hand.tapDrawing(430, 420);
  await expect(page.locator(".sticker-editor")).toBeVisible();
  await hand.press("Done");
  await expect(page.locator(".sticker-editor")).toHaveCount(0);

  await chooseTool(page, "Fill");
  await choose(page, "gold");
  const beforeFill = await readCanvasPixels(page);
  await hand.tapDrawing(20, 300);
  await waitForCanvasChange(page, beforeFill, 500);
  await toolButton(page, "Fill").click();

  await hand.press("Clear");
  await hand.press("Undo");
  await hand.press("Undo");
  await hand.press("Redo");
  return decodePng((await saveImage(page)).downloadBytes);
}

/** Replays the backup's document in the harness (another page, a fresh engine) until it has every operation. */
async function expectReplayEquals(page: Page, replayPage: Page, saved: Pixels): Promise<DrawingDocument> {
  await openHarness(replayPage, harness.url);
  let document: DrawingDocument | null = null;
  await expect
    .poll(async () => {
      document = await readBackupDocument(page);
      if (document === null) return "no log yet";
      return compareBitmaps(await paintInHarness(replayPage, "replay", document), saved);
    })
    .toEqual(IDENTICAL);
  if (document === null) throw new Error("no log");
  return document;
}

/** Draws with every tool by `hand` on a fresh page, then expects its log to replay on another page's engine. */
async function drawAndReplay(page: Page, context: BrowserContext, hand: Hand): Promise<DrawingDocument> {
  await openRestoredPage(page);
  const saved = await drawWithEveryTool(page, hand);
  return expectReplayEquals(page, await context.newPage(), saved);
}

test("on a desktop, a drawing made with the mouse through every tool replays on a fresh engine to the same pixels", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const document = await drawAndReplay(page, context, mouseHand(page));
  const kinds = new Set(document.operations.map((operation) => operation.kind));
  expect([...kinds].sort()).toEqual(["caption", "fill", "sticker", "stroke"]);
  const stroke = document.operations.find((operation) => operation.kind === "stroke");
  expect(stroke?.kind === "stroke" && stroke.points.elapsed.at(-1), "points are timed").toBeGreaterThan(0);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 });

  test("a drawing made with a finger through every tool replays on a fresh engine to the same pixels", async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    await drawAndReplay(page, context, fingerHand(page));
  });
});
