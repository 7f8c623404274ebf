import type { Page } from "@playwright/test";
import type { BrandingConfig } from "../../../src/common/config.ts";
import { CONFIG_ELEMENT_ID } from "../../../src/common/config.ts";

/** The branding the server injected into its index.html, read from the HTML it serves at `url`. */
export async function servedBranding(page: Page, url = "/"): Promise<BrandingConfig> {
  const html = await (await page.request.get(url)).text();
  const block = new RegExp(`<script[^>]*id=["']?${CONFIG_ELEMENT_ID}["']?[^>]*>([\\s\\S]*?)</script>`).exec(
    html,
  );
  if (!block?.[1])
    throw new Error(`The served page has no <script id="${CONFIG_ELEMENT_ID}"> block:\n${html}`);
  return JSON.parse(block[1]) as BrandingConfig;
}

/** True when a request URL is the given image of the branding (a path on our origin or an absolute URL). */
export function isBrandingImage(url: URL, image: string): boolean {
  return image.startsWith("/") ? url.pathname === image : url.href === image;
}

/** Makes every request for one of the branding's images fail, before the page is opened. */
export async function blockBrandingImage(page: Page, which: "mascotImage" | "faviconImage"): Promise<string> {
  const image = (await servedBranding(page))[which];
  await page.route(
    (url) => isBrandingImage(url, image),
    (route) => route.abort("failed"),
  );
  return image;
}
