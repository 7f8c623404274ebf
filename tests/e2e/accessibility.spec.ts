import { readFile } from "node:fs/promises";
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

/**
 * Runs axe-core from node_modules inside the page and returns its violations. The page's Content Security Policy
 * (script-src 'self') rightly refuses an injected script tag, so axe is evaluated through the DevTools protocol,
 * which the policy does not govern; the policy itself stays on for the page under test.
 */
async function axeViolations(page: Page): Promise<Violation[]> {
  await page.evaluate(await readFile(AXE_SCRIPT, "utf8"));
  const { violations, rulesPassed } = await page.evaluate(async () => {
    type AxeNode = { target: unknown[] };
    type AxeResult = { id: string; impact?: string | null; help: string; nodes: AxeNode[] };
    const axe = (
      window as unknown as {
        axe: { run(context: Document): Promise<{ violations: AxeResult[]; passes: AxeResult[] }> };
      }
    ).axe;
    const { violations, passes } = await axe.run(document);
    const found = violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      targets: v.nodes.map((n) => JSON.stringify(n.target)),
    }));
    return { violations: found, rulesPassed: passes.length };
  });
  // An axe that checked nothing would report no violations too.
  expect(rulesPassed, "axe rules that passed").toBeGreaterThan(10);
  return violations;
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
