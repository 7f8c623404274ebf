import { expect, type Locator, type Page } from "@playwright/test";
import type { Point } from "../../../src/client/engine/types.ts";
import { CANVAS_SIZE } from "../../../src/common/constants.ts";
import { blockBrandingImage } from "./branding.ts";
import type { Pixels } from "./pixels.ts";
import { dataUrlBytes, decodePng } from "./png.ts";

/** The drawing canvas, selected by its accessible name as a visitor's assistive technology would find it. */
export function drawingCanvas(page: Page): Locator {
  return page.locator('canvas[aria-label="Drawing canvas"]');
}

/** Opens the page, waits until the first display is painted and returns its pixels. */
export async function openDrawingPage(page: Page, url = "/"): Promise<Pixels> {
  await page.goto(url);
  await expect(drawingCanvas(page)).toHaveAttribute("data-ready", "true");
  return readCanvasPixels(page);
}

/**
 * Reads the canvas bitmap back after two animation frames, so anything the engine paints on the next frame (a live
 * stroke, a baked one) is included.
 *
 * The page hands it over as a PNG, decoded here: lossless, so for the opaque canvas exactly the pixels
 * getImageData gives (checked with and without the mascot, at pixel ratio 1 and 2, when this changed), in tens
 * of kilobytes instead of 1.9 MB of base64 raw RGBA, whose transfer made a read cost about 300 ms of this
 * machine's time against about 50-100.
 */
export async function readCanvasPixels(page: Page): Promise<Pixels> {
  const dataUrl = await drawingCanvas(page).evaluate(async (element) => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    // toDataURL, which the page never uses: the backup's tests count the page's own encodes (toBlob).
    return (element as HTMLCanvasElement).toDataURL("image/png");
  });
  return decodePng(dataUrlBytes(dataUrl));
}

/** Where the canvas content box sits in the viewport, in CSS pixels. */
export interface CanvasGeometry {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

/** Scrolls the canvas into view if needed and measures its content box (borders and padding excluded). */
export async function canvasGeometry(page: Page): Promise<CanvasGeometry> {
  const canvas = drawingCanvas(page);
  await canvas.scrollIntoViewIfNeeded();
  return canvas.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    const px = (value: string): number => Number.parseFloat(value) || 0;
    const left = rect.left + px(style.borderLeftWidth) + px(style.paddingLeft);
    const top = rect.top + px(style.borderTopWidth) + px(style.paddingTop);
    const right = rect.right - px(style.borderRightWidth) - px(style.paddingRight);
    const bottom = rect.bottom - px(style.borderBottomWidth) - px(style.paddingBottom);
    return { left, top, width: right - left, height: bottom - top };
  });
}

/** Maps a point in canvas units (0..600) to viewport CSS pixels, wherever and however large the canvas is shown. */
export function toViewport(geometry: CanvasGeometry, point: Point): Point {
  return {
    x: geometry.left + (point.x * geometry.width) / CANVAS_SIZE,
    y: geometry.top + (point.y * geometry.height) / CANVAS_SIZE,
  };
}

/**
 * Where canvas points stand in the viewport, as the canvas lies now (scrolled into view first): the function a test
 * maps its path in drawing pixels through before the mouse or a finger follows it.
 */
export async function canvasToViewport(page: Page): Promise<(point: Point) => Point> {
  const geometry = await canvasGeometry(page);
  return (point) => toViewport(geometry, point);
}

/** A palette swatch by its colour name ("green" and "spring green" are told apart). */
export function swatch(page: Page, colourName: string): Locator {
  return page.getByRole("button", { name: colourName, exact: true });
}

/** A brush-size button ("Brush size 1" and "Brush size 12" are told apart). */
export function brushButton(page: Page, size: number): Locator {
  return page.getByRole("button", { name: `Brush size ${size}`, exact: true });
}

/** Chooses a colour and, when given, a brush size, checking the page shows the choice as pressed. */
export async function choose(page: Page, colourName: string, size?: number): Promise<void> {
  await swatch(page, colourName).click();
  await expect(swatch(page, colourName)).toHaveAttribute("aria-pressed", "true");
  if (size !== undefined) {
    await brushButton(page, size).click();
    await expect(brushButton(page, size)).toHaveAttribute("aria-pressed", "true");
  }
}

/** The opening of most drawing tests: the page opened and ready, then the brush's colour and size chosen. */
export async function openWithBrush(page: Page, colourName: string, size: number): Promise<Pixels> {
  const firstDisplay = await openDrawingPage(page);
  await choose(page, colourName, size);
  return firstDisplay;
}

/** Makes the configured mascot fail to load, so the canvas starts plain white. */
export async function blockMascot(page: Page): Promise<void> {
  await blockBrandingImage(page, "mascotImage");
}

/** Opens the drawing page with the mascot blocked and returns its first display: a plain white canvas. */
export async function openBlankPage(page: Page): Promise<Pixels> {
  await blockMascot(page);
  return openDrawingPage(page);
}

/** Where an element shows over the drawing, in drawing pixels (0 to CANVAS_SIZE from the drawing's top left). */
export async function boxInDrawing(
  page: Page,
  element: Locator,
): Promise<{ left: number; right: number; top: number; bottom: number }> {
  const geometry = await canvasGeometry(page);
  const box = await element.boundingBox();
  if (box === null) throw new Error(`${element} has no box`);
  const scale = CANVAS_SIZE / geometry.width;
  return {
    left: (box.x - geometry.left) * scale,
    right: (box.x + box.width - geometry.left) * scale,
    top: (box.y - geometry.top) * scale,
    bottom: (box.y + box.height - geometry.top) * scale,
  };
}
