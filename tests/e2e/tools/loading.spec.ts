import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures.ts";
import { openDrawingPage } from "../helpers/page.ts";
import { toolButton } from "../helpers/tools.ts";

/**
 * Holds every request for the built chunk named `chunk` (e.g. "ToolControls") until the returned function is
 * called, so a test can act while that code is still on its way.
 */
async function holdChunk(page: Page, chunk: string): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(new RegExp(`/assets/${chunk}-[\\w-]+\\.js$`), async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test("a tool's key pressed while the tools' code is still loading is not lost: F turns Fill on once it is in", async ({
  page,
}) => {
  const release = await holdChunk(page, "ToolControls");
  await openDrawingPage(page);
  // The tools mount once the page has settled; their code is held, so Fill cannot act yet.
  await expect(toolButton(page, "Fill")).toBeDisabled();
  await page.keyboard.press("f");
  release();
  await expect(toolButton(page, "Fill")).toHaveAttribute("aria-pressed", "true");
});

test("a zoom key pressed before the view's code is in zooms once it is", async ({ page }) => {
  const release = await holdChunk(page, "canvas-view");
  await openDrawingPage(page);
  await expect(toolButton(page, "Fill")).toBeVisible();
  await page.keyboard.press("+");
  release();
  await expect(page.locator(".view-controls__level")).toHaveText("200%");
});
