import type { Page } from "@playwright/test";
import { FAVICON_SIZE } from "../../src/common/constants.ts";
import { expect, test } from "./fixtures.ts";
import { blockBrandingImage, isBrandingImage } from "./helpers/branding.ts";
import { openDrawingPage } from "./helpers/page.ts";
import { dataUrlBytes, decodePng, isPng } from "./helpers/png.ts";

/** The href of the icon the browser uses: the last `<link rel="icon">` in the document. */
function iconHref(page: Page): Promise<string> {
  return page.evaluate(() => {
    const links = document.querySelectorAll<HTMLLinkElement>('link[rel~="icon"]');
    return links[links.length - 1]?.href ?? "";
  });
}

test("the favicon becomes a 32 x 32 PNG drawn from the configured image", async ({ page }) => {
  await openDrawingPage(page);
  await expect.poll(() => iconHref(page)).toMatch(/^data:image\/png;base64,/);
  const bytes = dataUrlBytes(await iconHref(page));
  expect(isPng(bytes)).toBe(true);
  const icon = await decodePng(bytes);
  expect([icon.width, icon.height]).toEqual([FAVICON_SIZE, FAVICON_SIZE]);
  const drawn = icon.data.filter((alpha, i) => i % 4 === 3 && alpha !== 0).length;
  expect(drawn, "pixels drawn into the favicon").toBeGreaterThan(0);
});

test("when the favicon image fails to load, the static favicon stays", async ({ page }) => {
  const image = await blockBrandingImage(page, "faviconImage");
  const failed = page.waitForEvent("requestfailed", (request) =>
    isBrandingImage(new URL(request.url()), image),
  );
  await openDrawingPage(page);
  await failed;
  const href = await iconHref(page);
  expect(href).toMatch(/\/favicon\.png$/);
  const served = await page.request.get(href);
  expect(served.status()).toBe(200);
  expect(isPng(new Uint8Array(await served.body()))).toBe(true);
});
