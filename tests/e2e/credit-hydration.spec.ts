import type { BrandingConfig } from "../../src/common/config.ts";
import { DEFAULT_BRANDING } from "../../src/common/config.ts";
import { expect, test } from "./fixtures.ts";
import { axeViolations } from "./helpers/axe.ts";
import { drawingCanvas } from "./helpers/page.ts";

// The prompt's banner and "Sign it" are the server's HTML, and their code comes after the first load
// (src/client/lazy/hydrate-later.tsx): the page must paint them without it, and hydrate the very same elements
// once it arrives, never throwing them away and drawing them again. (Their code is held back here; the
// board's extras wait for it too, as they preload it, so the board is ready only once it is released.)

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const WITH_PROMPT: BrandingConfig = {
  ...DEFAULT_BRANDING,
  prompts: [{ title: "Fred at the beach", starts: day(-1), ends: day(1) }],
};

test("the banner and Sign it paint from the server's HTML before their code, which then hydrates the same elements", async ({
  page,
  launchServer,
}) => {
  const server = await launchServer({ branding: WITH_PROMPT });
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/credit-parts-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });

  await page.goto(server.url);
  const banner = page.getByRole("complementary", { name: "The community's prompt" });
  const field = page.getByRole("textbox", { name: /Sign it/ });
  await expect(banner).toContainText("Fred at the beach");
  await expect(field).toBeVisible();
  await expect(page.getByRole("checkbox", { name: /Enter/ })).toBeChecked();
  const servedBanner = await banner.elementHandle();
  const servedField = await field.elementHandle();

  release();
  await expect(drawingCanvas(page)).toHaveAttribute("data-ready", "true");
  // A name breaking a rule is said only by the field's own code: once it shows, the field is hydrated.
  await field.fill("@not a handle");
  await expect(page.getByText(/handle/i).and(page.locator(".signature__problem"))).toBeVisible();
  expect(await servedField?.evaluate((element) => element.isConnected)).toBe(true);
  expect(await servedBanner?.evaluate((element) => element.isConnected)).toBe(true);
  expect(consoleErrors).toEqual([]);
});

test("axe-core finds no accessibility violations with a prompt's banner, Sign it and a name's problem on screen", async ({
  page,
  launchServer,
}) => {
  const server = await launchServer({ branding: WITH_PROMPT });
  await page.goto(server.url);
  await expect(drawingCanvas(page)).toHaveAttribute("data-ready", "true");
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole("textbox", { name: /Sign it/ }).fill("@not a handle!");
  await expect(page.locator(".signature__problem")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
