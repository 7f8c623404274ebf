import { readFile } from "node:fs/promises";
import type { APIRequestContext, Page } from "@playwright/test";
import sharp from "sharp";
import { DEFAULT_BRANDING } from "../../src/common/config.ts";
import { expect, test } from "./fixtures.ts";
import { sharedBytes, sharedFiles, standInShareSheet } from "./helpers/share-sheet.ts";
import { seedDrawing } from "./helpers/wall.ts";

// The permalink page is where a shared link lands: it offers what the save sheet offers, on the first screen.

/** Decoded RGB pixels of a PNG, to compare what a clipboard or a share carried with what the server stores. */
async function rgb(png: Uint8Array): Promise<Buffer> {
  return sharp(png).removeAlpha().raw().toBuffer();
}

/** Seeds a drawing on the worker's server and opens its permalink page. */
async function openSeededPermalink(page: Page, request: APIRequestContext, baseURL: string | undefined) {
  const drawing = await seedDrawing(request, baseURL ?? "");
  await page.goto(`/d/${drawing.id}`);
  return drawing;
}

/** The PNG the server stores for a drawing. */
async function storedPng(
  request: APIRequestContext,
  baseURL: string | undefined,
  id: string,
): Promise<Buffer> {
  return (await request.get(`${baseURL}/api/drawings/${id}.png`)).body();
}

test.describe("the permalink page on a laptop", () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test("has Draw your own and every action on the first screen; Download gives {prefix}-{time}.png holding the stored picture", async ({
    page,
    request,
    baseURL,
  }) => {
    const drawing = await openSeededPermalink(page, request, baseURL);
    const actions = [
      page.getByRole("link", { name: "Draw your own" }),
      page.getByRole("link", { name: /^Share on X/ }),
      page.getByRole("button", { name: "Copy link" }),
      page.getByRole("button", { name: "Copy image" }),
      page.getByRole("link", { name: "Download" }),
      page.getByRole("link", { name: "Remix it" }),
      page.getByRole("button", { name: "Report" }),
    ];
    for (const action of actions) {
      await expect(action).toBeVisible();
      const box = await action.boundingBox();
      expect(box && box.y + box.height, String(action)).toBeLessThanOrEqual(768);
    }
    const image = await page.locator(`img[src="/api/drawings/${drawing.id}.png"]`).boundingBox();
    expect(image && image.y + image.height, "the drawing whole on the first screen").toBeLessThanOrEqual(768);

    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(
      `${DEFAULT_BRANDING.downloadPrefix}-${Date.parse(drawing.createdAt)}.png`,
    );
    // The stored picture, pixel for pixel (the server may re-encode the file in the background: same pixels).
    const file = await readFile(await download.path());
    expect((await sharp(file).metadata()).format).toBe("png");
    const stored = await storedPng(request, baseURL, drawing.id);
    expect((await rgb(file)).equals(await rgb(stored))).toBe(true);
  });

  test.describe("with the clipboard allowed", () => {
    test.use({ permissions: ["clipboard-read", "clipboard-write"] });

    test("Copy image puts the PNG on the clipboard; Copy link the permalink", async ({
      page,
      request,
      baseURL,
    }) => {
      const drawing = await openSeededPermalink(page, request, baseURL);
      await page.getByRole("button", { name: "Copy image" }).click();
      await expect(page.getByRole("button", { name: "Image copied" })).toBeVisible();
      const copied = await page.evaluate(async () => {
        const [item] = await navigator.clipboard.read();
        if (item === undefined) return { types: [], bytes: [] };
        const blob = await item.getType("image/png");
        return { types: [...item.types], bytes: [...new Uint8Array(await blob.arrayBuffer())] };
      });
      expect(copied.types).toContain("image/png");
      const stored = await storedPng(request, baseURL, drawing.id);
      expect((await rgb(Uint8Array.from(copied.bytes))).equals(await rgb(stored))).toBe(true);

      await page.getByRole("button", { name: "Copy link" }).click();
      await expect(page.getByRole("button", { name: "Copied", exact: true })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/d/${drawing.id}`);
    });
  });

  test("where the browser refuses to copy a picture, Copy image says what to do instead", async ({
    page,
    request,
    baseURL,
  }) => {
    // As a browser does without image support on its clipboard, or when it denies the page.
    await page.addInitScript(() => {
      Object.defineProperty(navigator.clipboard, "write", {
        configurable: true,
        value: () => Promise.reject(new DOMException("Write permission denied.", "NotAllowedError")),
      });
    });
    await openSeededPermalink(page, request, baseURL);
    await page.getByRole("button", { name: "Copy image" }).click();
    await expect(page.getByRole("status")).toHaveText(/would not copy the picture\. Download it instead/);
    await expect(page.getByRole("button", { name: "Copy image" })).toBeVisible();
  });

  test("Report asks first, then sends the report, and focus stays on Report", async ({
    page,
    request,
    baseURL,
  }) => {
    const drawing = await openSeededPermalink(page, request, baseURL);
    const report = page.getByRole("button", { name: "Report" });
    await report.click();
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(report).toBeFocused();
    await report.click();
    const sent = page.waitForResponse((answer) =>
      answer.url().endsWith(`/api/drawings/${drawing.id}/report`),
    );
    await page.getByRole("button", { name: "Yes, report" }).click();
    expect((await sent).status()).toBe(202);
    await expect(page.getByRole("status")).toHaveText(/Reported — thank you/);
    await expect(page.getByRole("button", { name: "Reported" })).toBeFocused();
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });

  test("the permalink offers the share sheet with the PNG first, with the post's text", async ({
    page,
    request,
    baseURL,
  }) => {
    await standInShareSheet(page);
    const drawing = await openSeededPermalink(page, request, baseURL);
    const first = page.locator(".permalink__share").locator(":scope > :not([hidden])").first();
    await expect(first).toHaveText("Share image");
    await expect(page.getByRole("button", { name: "Copy image" })).toBeHidden();
    await first.tap();
    await expect.poll(async () => (await sharedFiles(page)).length).toBe(1);
    const [shared] = await sharedFiles(page);
    expect(shared?.name).toBe(`${DEFAULT_BRANDING.downloadPrefix}-${Date.parse(drawing.createdAt)}.png`);
    expect(shared?.type).toBe("image/png");
    expect(shared?.text).toBe(`Look what I drew! Draw your own: ${baseURL}/d/${drawing.id}`);
    // The pixels, not the bytes: the server may have re-encoded the stored file since (smaller, same picture).
    const stored = await storedPng(request, baseURL, drawing.id);
    expect((await rgb(await sharedBytes(page, 0))).equals(await rgb(stored))).toBe(true);
  });
});
