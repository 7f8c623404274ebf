import type { Page } from "@playwright/test";
import sharp from "sharp";
import type { SavedDrawing } from "../../src/common/api.ts";
import { expect, test } from "./fixtures.ts";
import { openDrawingPage } from "./helpers/page.ts";
import { SAVED_TEXT, saveAndStore } from "./helpers/save.ts";
import { freePort } from "./helpers/server.ts";
import { drawSomething } from "./helpers/strokes.ts";
import { seedDrawing } from "./helpers/wall.ts";

/** The content of a meta tag by its property or name. */
function metaContent(page: Page, key: string): Promise<string | null> {
  return page.locator(`meta[property="${key}"], meta[name="${key}"]`).getAttribute("content");
}

/** Draws, saves the canvas and returns the stored drawing once the status says Saved. */
async function saveAndWait(page: Page): Promise<SavedDrawing> {
  await drawSomething(page);
  const saved = await saveAndStore(page);
  await expect(page.getByRole("status").filter({ hasText: SAVED_TEXT })).toBeVisible();
  return saved;
}

test("the permalink page shows the drawing and its card meta carries the absolute card image URL", async ({
  page,
  server,
}) => {
  await openDrawingPage(page);
  const saved = await saveAndWait(page);

  await page.goto(`/d/${saved.id}`);
  const image = page.locator(`img[src="/api/drawings/${saved.id}.png"]`);
  await expect(image).toBeVisible();
  expect(await image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(600);
  await expect(page.getByRole("link", { name: "Draw your own" })).toHaveAttribute("href", "/");
  // PUBLIC_BASE_URL is unset here: the absolute URLs follow the address the request came to.
  expect(await metaContent(page, "og:image")).toBe(`${server.url}/api/drawings/${saved.id}/card.png`);
  expect(await metaContent(page, "twitter:image")).toBe(`${server.url}/api/drawings/${saved.id}/card.png`);
  expect(await metaContent(page, "og:url")).toBe(`${server.url}/d/${saved.id}`);
  expect(await metaContent(page, "twitter:card")).toBe("summary_large_image");
  const imageResponse = await page.request.get(String(await metaContent(page, "og:image")));
  expect(imageResponse.status()).toBe(200);
  expect(imageResponse.headers()["content-type"]).toBe("image/png");
  const { width, height } = await sharp(await imageResponse.body()).metadata();
  expect([width, height]).toEqual([
    Number(await metaContent(page, "og:image:width")),
    Number(await metaContent(page, "og:image:height")),
  ]);
});

test("with PUBLIC_BASE_URL the card and the share links use the public address", async ({
  page,
  launchServer,
  request,
}) => {
  // The public address is the server's other name, localhost: with PUBLIC_BASE_URL set, only a page at that
  // address may save (the cross-site guard), while a permalink asked for at 127.0.0.1 still names it.
  const port = await freePort();
  const publicUrl = `http://localhost:${port}`;
  const server = await launchServer({ port, env: { PUBLIC_BASE_URL: publicUrl } });
  const drawing = await seedDrawing(request, server.url);
  await page.goto(`${server.url}/d/${drawing.id}`);
  expect(await metaContent(page, "og:image")).toBe(`${publicUrl}/api/drawings/${drawing.id}/card.png`);
  const permalinkShare = new URL(
    String(await page.getByRole("link", { name: /^Share on X/ }).getAttribute("href")),
  );
  expect(permalinkShare.searchParams.get("text")).toContain(` ${publicUrl}/d/${drawing.id}`);

  await openDrawingPage(page, publicUrl);
  const saved = await saveAndWait(page);
  const share = page.getByRole("link", { name: /^Share on X/ });
  const intent = new URL(String(await share.getAttribute("href")));
  expect(intent.searchParams.get("text")).toContain(` ${publicUrl}/d/${saved.id}`);
});

test("after a save, Share on X opens X's intent with the permalink in a new tab", async ({
  page,
  server,
}) => {
  await openDrawingPage(page);
  const saved = await saveAndWait(page);
  const share = page.getByRole("link", { name: /^Share on X/ });
  await expect(share).toHaveAttribute("target", "_blank");
  await expect(share).toHaveAttribute("rel", /noopener/);
  const intent = new URL(String(await share.getAttribute("href")));
  expect(`${intent.origin}${intent.pathname}`).toBe("https://x.com/intent/tweet");
  // The branding's default text, then the link (no {url} in it says where else to put it).
  expect(intent.searchParams.get("text")).toBe(
    `Look what I drew! Draw your own: ${server.url}/d/${saved.id}`,
  );
});

test.describe("copying the permalink", () => {
  test.use({ permissions: ["clipboard-read", "clipboard-write"] });

  test("Copy link puts the absolute permalink on the clipboard and confirms Copied", async ({
    page,
    server,
  }) => {
    await openDrawingPage(page);
    const saved = await saveAndWait(page);
    await page.getByRole("button", { name: "Copy link" }).click();
    await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${server.url}/d/${saved.id}`);
  });
});
