import { readFile } from "node:fs/promises";
import sharp from "sharp";
import type { SavedDrawing } from "../../src/common/api.ts";
import { expect, test } from "./fixtures.ts";
import { openDrawingPage } from "./helpers/page.ts";
import { nextUpload, saveImage } from "./helpers/save.ts";
import { sharedFiles, standInShareSheet } from "./helpers/share-sheet.ts";
import { drawSomething, TouchScreen } from "./helpers/strokes.ts";

// The save sheet hands the picture on, not only its link: the share sheet with the PNG first on a phone, Copy
// image on a desktop.

test.describe("on a desktop with the clipboard allowed", () => {
  test.use({ viewport: { width: 1366, height: 768 }, permissions: ["clipboard-read", "clipboard-write"] });

  test("Copy image in the save sheet puts the saved PNG on the clipboard", async ({ page }) => {
    await openDrawingPage(page);
    await drawSomething(page);
    const upload = nextUpload(page);
    const saved = await saveImage(page);
    await upload;
    const sheet = page.getByRole("dialog", { name: "Saved to the wall!" });
    await expect(sheet.getByRole("button", { name: "Share image" })).toHaveCount(0);
    await sheet.getByRole("button", { name: "Copy image" }).click();
    await expect(sheet.getByRole("button", { name: "Image copied" })).toBeVisible();
    const copied = await page.evaluate(async () => {
      const [item] = await navigator.clipboard.read();
      const blob = await item?.getType("image/png");
      return blob ? [...new Uint8Array(await blob.arrayBuffer())] : [];
    });
    const pixels = (png: Uint8Array) => sharp(png).removeAlpha().raw().toBuffer();
    expect((await pixels(Uint8Array.from(copied))).equals(await pixels(saved.downloadBytes))).toBe(true);
  });
});

test("where the browser refuses, the save sheet's Copy image says what to do instead", async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, "ClipboardItem", { value: undefined, configurable: true });
  });
  await openDrawingPage(page);
  await drawSomething(page);
  const upload = nextUpload(page);
  await saveImage(page);
  await upload;
  const sheet = page.getByRole("dialog", { name: "Saved to the wall!" });
  await sheet.getByRole("button", { name: "Copy image" }).click();
  await expect(sheet.getByRole("alert")).toHaveText(/would not copy the picture\. Download it instead/);
});

test.describe("on a phone whose browser shares files", () => {
  test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });

  test("the save sheet offers the share sheet with the PNG first", async ({ page, baseURL }) => {
    await standInShareSheet(page);
    await openDrawingPage(page);
    await new TouchScreen(page).strokeOnCanvas([
      { x: 100, y: 100 },
      { x: 500, y: 500 },
    ]);
    const upload = nextUpload(page);
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Save Image", exact: true }).tap();
    const saved = (await (await upload).json()) as SavedDrawing;
    const downloaded = await readFile(await (await download).path());
    const sheet = page.getByRole("dialog", { name: "Saved to the wall!" });
    const first = sheet.locator(".sheet__actions > .sheet__action").first();
    await expect(first).toHaveText("Share image");
    await expect(sheet.getByRole("button", { name: "Copy image" })).toHaveCount(0);
    await first.tap();
    await expect
      .poll(() => sharedFiles(page))
      .toEqual([
        {
          name: expect.stringMatching(/^draw-fred-\d{13}\.png$/),
          type: "image/png",
          size: downloaded.length,
          text: `Look what I drew! Draw your own: ${baseURL}/d/${saved.id}`,
        },
      ]);
  });
});
