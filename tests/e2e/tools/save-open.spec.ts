import { expect, test } from "../fixtures.ts";
import { canvasGeometry, openBlankPage, readCanvasPixels, toViewport } from "../helpers/page.ts";
import { compareBitmaps } from "../helpers/pixels.ts";
import { decodePng } from "../helpers/png.ts";
import { saveImage } from "../helpers/save.ts";
import { chooseTool } from "../helpers/tools.ts";

test("Save Image saves what is shown: a caption still being typed and a sticker still being placed are placed first", async ({
  page,
}) => {
  const blank = await openBlankPage(page);

  // Only a caption, still in its field: that is something to save.
  await chooseTool(page, "Text");
  await page.keyboard.insertText("GM FRENS");
  const captioned = await decodePng((await saveImage(page)).downloadBytes);
  await expect(page.getByRole("textbox", { name: "Caption text" })).toHaveCount(0);
  expect(compareBitmaps(blank, captioned).differingPixels).toBeGreaterThan(1000);
  expect(compareBitmaps(captioned, await readCanvasPixels(page)).differingPixels).toBe(0);
  const sheet = page.getByRole("dialog", { name: "Saved to the wall!" });
  await expect(sheet).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(sheet).toHaveCount(0);

  // A sticker on the drawing, its box still open.
  await chooseTool(page, "Stickers");
  await page.getByRole("button", { name: "Speech bubble", exact: true }).click();
  const at = toViewport(await canvasGeometry(page), { x: 300, y: 400 });
  await page.mouse.click(at.x, at.y);
  await expect(page.locator(".sticker-editor")).toBeFocused();
  const stickered = await decodePng((await saveImage(page)).downloadBytes);
  await expect(page.locator(".sticker-editor")).toHaveCount(0);
  expect(compareBitmaps(captioned, stickered).differingPixels).toBeGreaterThan(1000);
  expect(compareBitmaps(stickered, await readCanvasPixels(page)).differingPixels).toBe(0);
});
