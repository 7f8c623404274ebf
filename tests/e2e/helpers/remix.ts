import type { Page } from "@playwright/test";
import sharp from "sharp";
import { readCanvasPixels } from "./page.ts";
import { colourDistance, pixelAtCanvasPoint, type Rgba } from "./pixels.ts";

export const RED: Rgba = [220, 30, 30, 255];
export const BLUE: Rgba = [30, 60, 200, 255];
export const WHITE: Rgba = [255, 255, 255, 255];

/** A drawing no mirror maps onto itself: a red square top left, a blue one bottom right, white elsewhere. */
export async function lopsidedPng(): Promise<Buffer> {
  const square = (colour: Rgba) =>
    sharp({
      create: {
        width: 150,
        height: 150,
        channels: 3,
        background: { r: colour[0], g: colour[1], b: colour[2] },
      },
    })
      .png()
      .toBuffer();
  return sharp({ create: { width: 600, height: 600, channels: 3, background: "#ffffff" } })
    .composite([
      { input: await square(RED), left: 50, top: 50 },
      { input: await square(BLUE), left: 400, top: 400 },
    ])
    .png()
    .toBuffer();
}

/** Whether the canvas pixel under canvas point (x, y) is near `colour` (every channel within 40). */
export async function isNear(page: Page, x: number, y: number, colour: Rgba): Promise<boolean> {
  return colourDistance(pixelAtCanvasPoint(await readCanvasPixels(page), { x, y }), colour) < 40;
}
