import { expect, test } from "./fixtures.ts";
import { axeViolations } from "./helpers/axe.ts";
import { openDrawingPage } from "./helpers/page.ts";
import { SAVED_TEXT, saveImage } from "./helpers/save.ts";
import { drawSomething } from "./helpers/strokes.ts";

test("axe-core finds no accessibility violations on the page, before and after a save", async ({ page }) => {
  await openDrawingPage(page);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Eraser", exact: true }).click();
  await drawSomething(page);
  await saveImage(page);
  await expect(page.getByRole("status").filter({ hasText: SAVED_TEXT })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test("axe-core finds no accessibility violations on a 360 px wide screen", async ({ page }) => {
    await openDrawingPage(page);
    expect(await axeViolations(page)).toEqual([]);
  });
});
