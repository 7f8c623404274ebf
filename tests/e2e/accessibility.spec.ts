import { createRequire } from "node:module";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { openDrawingPage } from "./helpers/page.ts";
import { SAVED_TEXT, saveImage } from "./helpers/save.ts";

const AXE_SCRIPT = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/** One rule axe-core found broken, with the elements that break it. */
interface Violation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly targets: readonly string[];
}

/** Runs axe-core from node_modules inside the page and returns its violations. */
async function axeViolations(page: Page): Promise<Violation[]> {
  await page.addScriptTag({ path: AXE_SCRIPT });
  return page.evaluate(async () => {
    type AxeNode = { target: unknown[] };
    type AxeResult = { id: string; impact?: string | null; help: string; nodes: AxeNode[] };
    const axe = (
      window as unknown as { axe: { run(context: Document): Promise<{ violations: AxeResult[] }> } }
    ).axe;
    const { violations } = await axe.run(document);
    return violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      targets: v.nodes.map((n) => JSON.stringify(n.target)),
    }));
  });
}

test("axe-core finds no accessibility violations on the page, before and after a save", async ({ page }) => {
  await openDrawingPage(page);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Eraser", exact: true }).click();
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
