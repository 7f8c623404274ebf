/**
 * The static-host build with a prompt in its baked branding: with no server to render the page, the page works
 * out the running prompt itself, and draws its banner with the first render, so the board never moves for it.
 */
import { rm } from "node:fs/promises";
import { DEFAULT_BRANDING } from "../../src/common/config.ts";
import { expect, test } from "./fixtures.ts";
import { drawingCanvas } from "./helpers/page.ts";
import { buildStaticSite, serveStatically, staticSiteDirectory } from "./helpers/static-site.ts";

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

test("a static build shows the running prompt's banner and Enter from its first render", async ({
  page,
  launchServer,
}) => {
  const dir = await staticSiteDirectory();
  const host = await serveStatically(dir);
  try {
    const api = await launchServer({ env: { CORS_ORIGINS: host.url } });
    const branding = {
      ...DEFAULT_BRANDING,
      prompts: [{ title: "Fred at the beach", hashtag: "#FredAtTheBeach", starts: day(-1), ends: day(1) }],
    };
    await buildStaticSite(
      { supabaseUrl: api.url, anonKey: "anon-key-of-the-static-prompt-test", branding },
      dir,
    );
    // Whether the banner was there when the canvas first appeared: after it, the canvas would have moved.
    await page.addInitScript(() => {
      const seen = new MutationObserver(() => {
        if (document.querySelector(".board__canvas") === null) return;
        (window as { bannerWithCanvas?: boolean }).bannerWithCanvas =
          document.querySelector(".prompt-banner") !== null;
        seen.disconnect();
      });
      seen.observe(document, { childList: true, subtree: true });
    });
    await page.goto(host.url);
    await expect(drawingCanvas(page)).toHaveAttribute("data-ready", "true");
    await expect(page.getByRole("complementary", { name: "The community's prompt" })).toContainText(
      "Fred at the beach",
    );
    await expect(page.getByRole("checkbox", { name: /Enter/ })).toBeChecked();
    expect(await page.evaluate(() => (window as { bannerWithCanvas?: boolean }).bannerWithCanvas)).toBe(true);
  } finally {
    await host.close();
    await rm(dir, { recursive: true, force: true });
  }
});
