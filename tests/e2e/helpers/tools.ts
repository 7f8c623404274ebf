import { expect, type Locator, type Page } from "@playwright/test";
import type { Point } from "../../../src/client/engine/types.ts";
import { reloadRestored, waitForBackupOf } from "./backup.ts";
import { readCanvasPixels } from "./page.ts";
import {
  colourDistance,
  compareBitmaps,
  type Pixels,
  pixelAtCanvasPoint,
  pointsAlong,
  type Rgba,
} from "./pixels.ts";

/** A tool's control by its exact accessible name ("Text", "Stickers", "Fill", "Pick colour", "Zoom in", ...). */
export function toolButton(page: Page, name: string): Locator {
  return page.getByRole("button", { name, exact: true });
}

/** Turns a tool on by its control and checks the page shows it as the tool in use. */
export async function chooseTool(page: Page, name: string): Promise<void> {
  await toolButton(page, name).click();
  await expect(toolButton(page, name)).toHaveAttribute("aria-pressed", "true");
}

/**
 * Waits until the canvas differs from `before` in more than `pixels` pixels (a tool's result has landed), and
 * returns the canvas then.
 */
export async function waitForCanvasChange(page: Page, before: Pixels, pixels: number): Promise<Pixels> {
  await expect
    .poll(async () => compareBitmaps(before, await readCanvasPixels(page)).differingPixels)
    .toBeGreaterThan(pixels);
  return readCanvasPixels(page);
}

/** Waits until the canvas is exactly `expected` (an undo, a redo or the same edit made again). */
export async function waitForCanvas(page: Page, expected: Pixels): Promise<void> {
  await expect
    .poll(async () => compareBitmaps(expected, await readCanvasPixels(page)).differingPixels)
    .toBe(0);
}

/** Points on a circle (canvas units), closed with some overlap so a stroke along them leaves no gap. */
export function circlePath(centre: Point, radius: number, steps = 72): Point[] {
  const points: Point[] = [];
  for (let i = 0; i <= steps + 6; i++) {
    const angle = (i / steps) * Math.PI * 2;
    points.push({ x: centre.x + radius * Math.cos(angle), y: centre.y + radius * Math.sin(angle) });
  }
  return points;
}

/** The pixels whose centre lies within [from, to) canvas units of `centre`, as bitmap indices. */
export function pixelsAtDistance(pixels: Pixels, centre: Point, from: number, to: number): number[] {
  const found: number[] = [];
  for (let y = 0; y < pixels.height; y++) {
    for (let x = 0; x < pixels.width; x++) {
      const distance = Math.hypot(x + 0.5 - centre.x, y + 0.5 - centre.y);
      if (distance >= from && distance < to) found.push(y * pixels.width + x);
    }
  }
  return found;
}

/** The RGBA at a bitmap index. */
export function rgbaAt(pixels: Pixels, index: number): Rgba {
  const d = pixels.data;
  return [d[index * 4] ?? 0, d[index * 4 + 1] ?? 0, d[index * 4 + 2] ?? 0, d[index * 4 + 3] ?? 0];
}

/**
 * The colour most pixels near the middle of a path have, and the largest channel difference of any of them
 * from `expected`. A stroke is painted as overlapping segments, and Skia's 8-bit blending of a colour over
 * itself can drift a channel by 1 where they overlap; the brush's own colour is still the one most pixels have.
 */
export function colourAlong(
  pixels: Pixels,
  path: readonly Point[],
  expected: Rgba,
): { readonly modal: string; readonly maxDrift: number } {
  const counts = new Map<string, number>();
  let maxDrift = 0;
  for (const point of pointsAlong(path, 40)) {
    for (const [dx, dy] of [
      [0, 0],
      [1, 0],
      [0, 1],
      [-1, 0],
      [0, -1],
    ] as const) {
      const found = pixelAtCanvasPoint(pixels, { x: point.x + dx, y: point.y + dy });
      counts.set(found.join(), (counts.get(found.join()) ?? 0) + 1);
      maxDrift = Math.max(maxDrift, colourDistance(found, expected));
    }
  }
  const modal = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? "";
  return { modal, maxDrift };
}

/** The box (bitmap pixels, right and bottom exclusive) of the pixels that differ between two bitmaps. */
export function changedBox(before: Pixels, after: Pixels) {
  let [left, top, right, bottom] = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, -1, -1];
  for (let y = 0; y < after.height; y++) {
    for (let x = 0; x < after.width; x++) {
      const i = (y * after.width + x) * 4;
      let same = true;
      for (let c = 0; c < 4; c++) same &&= before.data[i + c] === after.data[i + c];
      if (same) continue;
      [left, top, right, bottom] = [
        Math.min(left, x),
        Math.min(top, y),
        Math.max(right, x + 1),
        Math.max(bottom, y + 1),
      ];
    }
  }
  return { left, top, right, bottom, width: right - left, height: bottom - top };
}

/** Ctrl+Z takes the canvas from `done` back to `before`, Ctrl+Shift+Z brings `done` again, and a reload restores it. */
export async function expectUndoRedoAndRestore(page: Page, before: Pixels, done: Pixels): Promise<void> {
  await page.keyboard.press("Control+z");
  await waitForCanvas(page, before);
  await page.keyboard.press("Control+Shift+z");
  await waitForCanvas(page, done);
  await waitForBackupOf(page, done);
  expect(compareBitmaps(done, await reloadRestored(page)).differingPixels).toBe(0);
}
