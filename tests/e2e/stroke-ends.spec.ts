import type { Page } from "@playwright/test";
import type { Point } from "../../src/client/engine/types.ts";
import { expect, test } from "./fixtures.ts";
import { canvasToViewport, drawingCanvas, openWithBrush, readCanvasPixels } from "./helpers/page.ts";
import { paletteRgba } from "./helpers/palette.ts";
import { colourDistance, compareBitmaps, pixelAtCanvasPoint } from "./helpers/pixels.ts";

type PointerKind = "pointerdown" | "pointermove" | "pointerup";

/**
 * Pointer events dispatched on the canvas from inside the page, in one task: a press and its first moves that
 * arrive before the next frame, as a fast hand gives them. `waitFrames` frames pass between the press and the rest.
 */
async function strokeInPage(page: Page, path: readonly Point[], waitFrames: number): Promise<void> {
  const points = path.map(await canvasToViewport(page));
  await drawingCanvas(page).evaluate(
    async (canvas, { points, waitFrames }) => {
      const fire = (type: PointerKind, point: { x: number; y: number }) =>
        canvas.dispatchEvent(
          new PointerEvent(type, {
            bubbles: true,
            cancelable: true,
            pointerId: 1,
            pointerType: "mouse",
            isPrimary: true,
            clientX: point.x,
            clientY: point.y,
            button: type === "pointermove" ? -1 : 0,
            buttons: type === "pointerup" ? 0 : 1,
          }),
        );
      const [first, ...rest] = points;
      if (first === undefined) throw new Error("a stroke needs a point");
      fire("pointerdown", first);
      for (let frame = 0; frame < waitFrames; frame += 1) await new Promise(requestAnimationFrame);
      for (const point of rest) fire("pointermove", point);
      fire("pointerup", rest.at(-1) ?? first);
    },
    { points, waitFrames },
  );
}

const PATH: readonly Point[] = [
  { x: 100, y: 300 },
  { x: 130, y: 290 },
  { x: 160, y: 300 },
  { x: 190, y: 320 },
  { x: 220, y: 330 },
];

/**
 * With the mouse still down: the ink is already at `at` in `colourName`, and releasing the button paints nothing
 * more (the pixels after the release are the pixels before it).
 */
async function expectInkThenQuietRelease(page: Page, at: Point, colourName: string): Promise<void> {
  const held = await readCanvasPixels(page);
  expect(colourDistance(pixelAtCanvasPoint(held, at), paletteRgba(colourName))).toBeLessThanOrEqual(2);
  await page.mouse.up();
  expect(compareBitmaps(held, await readCanvasPixels(page))).toMatchObject({ differingPixels: 0 });
}

test("a press held still shows its dot before the release, and the release of a tap keeps just that dot", async ({
  page,
}) => {
  await openWithBrush(page, "red", 12);
  const inViewport = await canvasToViewport(page);
  const at = { x: 300, y: 200 };
  const where = inViewport(at);
  await page.mouse.move(where.x, where.y);
  await page.mouse.down();
  await expectInkThenQuietRelease(page, at, "red");
});

test("the ink reaches the last point with the last move: the release paints nothing more", async ({
  page,
}) => {
  await openWithBrush(page, "blue", 5);
  const points = PATH.map(await canvasToViewport(page));
  const [first, ...rest] = points;
  if (first === undefined) throw new Error("the path has points");
  await page.mouse.move(first.x, first.y);
  await page.mouse.down();
  for (const point of rest) await page.mouse.move(point.x, point.y);
  await expectInkThenQuietRelease(page, PATH.at(-1) as Point, "blue");
});

test("undo and redo give back the exact pixels of strokes whose first move came before the press's frame or after it", async ({
  page,
}) => {
  await openWithBrush(page, "magenta", 8);
  await strokeInPage(page, PATH, 0);
  await strokeInPage(
    page,
    PATH.map(({ x, y }) => ({ x: x + 150, y })),
    2,
  );
  const drawn = await readCanvasPixels(page);
  const undo = page.getByRole("button", { name: "Undo" });
  const redo = page.getByRole("button", { name: "Redo" });
  await undo.click();
  await undo.click();
  await redo.click();
  await redo.click();
  expect(compareBitmaps(drawn, await readCanvasPixels(page))).toMatchObject({ differingPixels: 0 });
});
