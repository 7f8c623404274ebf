import type { APIRequestContext } from "@playwright/test";
import { expect } from "@playwright/test";
import sharp from "sharp";
import type { SavedDrawing } from "../../../src/common/api.ts";
import type { Rgba } from "./pixels.ts";

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

/** Saves `png` straight through the API, as another visitor would have. */
export async function saveDrawing(
  request: APIRequestContext,
  baseUrl: string,
  png: Buffer,
): Promise<SavedDrawing> {
  const answer = await request.post(`${baseUrl}/api/drawings`, {
    headers: { "Content-Type": "image/png" },
    data: png,
  });
  expect(answer.status()).toBe(201);
  return (await answer.json()) as SavedDrawing;
}
