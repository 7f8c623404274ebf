/**
 * Screenshots of the page as a visitor sees it, for the README and for looking at a design change:
 * `node scripts/screenshots.ts [outDir]` starts a server on the production build in dist/ (with a few drawings on
 * the wall) and writes desktop (1366 x 768) and phone (390 x 844, DPR 3) PNGs of the first screen.
 */
import path from "node:path";
import { chromium } from "@playwright/test";
import { startServer } from "../tests/e2e/helpers/server.ts";
import { seedDrawings } from "../tests/e2e/helpers/wall.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/helpers/chromium.ts";

const outDir = path.resolve(process.argv[2] ?? "docs");
const VIEWS = [
  { name: "screenshot-desktop", viewport: { width: 1366, height: 768 }, deviceScaleFactor: 1, touch: false },
  { name: "screenshot-phone", viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, touch: true },
] as const;

const server = await startServer();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
try {
  const context = await browser.newContext();
  await seedDrawings(context.request, server.url, 8);
  for (const view of VIEWS) {
    const page = await browser.newPage({
      viewport: view.viewport,
      deviceScaleFactor: view.deviceScaleFactor,
      isMobile: view.touch,
      hasTouch: view.touch,
    });
    await page.goto(server.url);
    await page.locator('canvas[data-ready="true"]').waitFor();
    // The first screen is done when nothing more is on its way: the tools' and the wall's chunks, the thumbnails
    // (every image decoded), the fonts, and a frame painted after all of them.
    await page.waitForLoadState("networkidle");
    await page.waitForFunction(() => [...document.images].every((image) => image.complete));
    await page.evaluate(async () => {
      await document.fonts.ready;
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    });
    await page.screenshot({ path: path.join(outDir, `${view.name}.png`) });
    await page.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
