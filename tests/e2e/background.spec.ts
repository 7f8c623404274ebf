import { CANVAS_SIZE, CONSOLE_MESSAGES } from "../../src/common/constants.ts";
import { expect, test } from "./fixtures.ts";
import { servedBranding } from "./helpers/branding.ts";
import { openBlankPage, openDrawingPage } from "./helpers/page.ts";
import { compareBitmaps } from "./helpers/pixels.ts";
import { mascotOnWhite } from "./helpers/png.ts";

// Canvas and sharp may round alpha blending differently by a unit or two; a wrong or unflipped image is far off.
const BLEND_TOLERANCE = 3;

test("the first display is the mascot mirrored left-right over white", async ({ page }) => {
  // The comparison below uses the shipped file, so the shipped branding must be what the page draws.
  expect((await servedBranding(page)).mascotImage).toBe("/mascot.png");
  const firstDisplay = await openDrawingPage(page);
  expect([firstDisplay.width, firstDisplay.height]).toEqual([CANVAS_SIZE, CANVAS_SIZE]);
  const mirrored = await mascotOnWhite(true);
  expect(compareBitmaps(firstDisplay, mirrored, BLEND_TOLERANCE)).toMatchObject({ differingPixels: 0 });
  // The mascot is asymmetric, so the unflipped image must not match: this proves the flip, not just the picture.
  const unflipped = await mascotOnWhite(false);
  expect(compareBitmaps(firstDisplay, unflipped, BLEND_TOLERANCE).differingPixels).toBeGreaterThan(1000);
});

test("a mascot that fails to load is logged and leaves a white canvas that still becomes ready", async ({
  page,
  consoleLog,
}) => {
  const firstDisplay = await openBlankPage(page);
  await expect.poll(() => consoleLog.firstArguments()).toContain(CONSOLE_MESSAGES.backgroundFailed);
  const white = {
    width: firstDisplay.width,
    height: firstDisplay.height,
    data: new Uint8Array(firstDisplay.data.length).fill(255),
  };
  expect(compareBitmaps(firstDisplay, white)).toMatchObject({ differingPixels: 0 });
});
