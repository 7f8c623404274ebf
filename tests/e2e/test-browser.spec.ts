import { expect, test } from "@playwright/test";

// The browser every end-to-end test runs in, as tests/helpers/chromium.ts starts it.

/** The value of each `--disable-features=` on the browser's command line, in order. */
function disabledFeatureLists(commandLine: string): string[][] {
  return [...commandLine.matchAll(/--disable-features=(\S+)/g)].map((match) => (match[1] ?? "").split(","));
}

test("the test browser keeps every feature Playwright turns off, and a new context opens no browser UI of its own", async ({
  browser,
}) => {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto("chrome://version/");
    const commandLine = await page.locator("#command_line").innerText();
    const lists = disabledFeatureLists(commandLine);
    expect(lists.length, "Playwright's list and ours").toBeGreaterThanOrEqual(2);
    // Chromium keeps only the last list: it must hold Playwright's, which comes first.
    const kept = lists.at(-1) ?? [];
    const playwrights = lists.slice(0, -1).flat();
    expect(playwrights.filter((feature) => !kept.includes(feature))).toEqual([]);

    const session = await browser.newBrowserCDPSession();
    const { targetInfos } = await session.send("Target.getTargets");
    await session.detach();
    expect(targetInfos.filter((target) => target.type !== "page").map((target) => target.url)).toEqual([]);
  } finally {
    await context.close();
  }
});
