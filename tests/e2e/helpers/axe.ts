import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { expect, type Page } from "@playwright/test";

const AXE_SCRIPT = createRequire(import.meta.url).resolve("axe-core/axe.min.js");

/** One rule axe-core found broken, with the elements that break it. */
export interface Violation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly targets: readonly string[];
}

/**
 * Runs axe-core from node_modules inside the page and returns its violations. Our pages' Content Security
 * Policy rightly refuses an injected script tag, so axe is evaluated through the DevTools protocol, which
 * the policy does not govern; the policy stays on for the page under test.
 */
export async function axeViolations(page: Page): Promise<Violation[]> {
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
