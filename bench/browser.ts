import { type Browser, type BrowserContext, chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/helpers/chromium.ts";

/** The machine's Chromium, headless, with one context the size every bench page is measured at. */
export async function launchBenchBrowser(): Promise<{ browser: Browser; context: BrowserContext }> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 700, height: 700 }, deviceScaleFactor: 1 });
    return { browser, context };
  } catch (error) {
    await browser.close();
    throw error;
  }
}
