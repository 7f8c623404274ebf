import type { Locator } from "@playwright/test";
import { DEFAULT_BRANDING } from "../../src/common/config.ts";
import { expect, test } from "./fixtures.ts";
import { ADMIN_TOKEN, adminRow, signInAsModerator } from "./helpers/admin.ts";
import { axeViolations } from "./helpers/axe.ts";
import { listedIds } from "./helpers/public-view.ts";
import { seedDrawing } from "./helpers/wall.ts";

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test("the admin list on a phone: readable ages with the exact time on hover, only useful actions, a confirmed Delete, no sideways scroll", async ({
  page,
  launchServer,
  request,
}) => {
  const server = await launchServer({ env: { ADMIN_TOKEN } });
  const { id } = await seedDrawing(request, server.url);
  await signInAsModerator(page, server.url);
  const row = adminRow(page, id);

  const stored = row.locator("time");
  await expect(stored).toHaveText(/^(just now|\d+ minutes? ago)$/);
  expect(await stored.getAttribute("title")).toMatch(/GMT$/);
  // A visible drawing nobody reported: hiding or deleting it changes something, "restoring" it would not.
  await expect(row.getByRole("button", { name: "Hide", exact: true })).toBeVisible();
  await expect(row.getByRole("button", { name: /^(Restore|Approve|Keep, clear reports)$/ })).toHaveCount(0);
  const layout = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(layout[0], "no sideways scroll").toBeLessThanOrEqual(layout[1] ?? 0);

  // Delete only asks; the drawing is still listed and public until "Delete for good".
  await row.getByText("Delete", { exact: true }).click();
  const confirm = row.getByRole("button", { name: "Delete for good", exact: true });
  await expect(confirm).toBeVisible();
  await expect(row.getByText("Delete this drawing for good? It cannot be restored.")).toBeVisible();
  expect(await listedIds(request, server.url)).toContain(id);
  expect(await axeViolations(page), "admin list with the question open").toEqual([]);
  const navigated = page.waitForEvent("framenavigated", (frame) => frame === page.mainFrame());
  await confirm.click();
  await navigated;
  await page.waitForLoadState("load");
  await expect(adminRow(page, id)).toHaveCount(0);
  expect(await listedIds(request, server.url)).not.toContain(id);
});

test.describe("on a laptop", () => {
  test.use({ viewport: { width: 1366, height: 768 }, isMobile: false, hasTouch: false });

  test("the admin list carries the community's title, lines its rows up, opens a drawing's page from its image, and paints both steps of Delete red", async ({
    page,
    launchServer,
    request,
  }) => {
    const server = await launchServer({
      env: { ADMIN_TOKEN },
      branding: { ...DEFAULT_BRANDING, title: "Draw Wanda" },
    });
    const { id } = await seedDrawing(request, server.url);
    await signInAsModerator(page, server.url);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Draw Wanda admin");
    await expect(page).toHaveTitle(/^Draw Wanda admin/);
    await expect(page.getByText("Fanvas")).toHaveCount(0);
    const row = adminRow(page, id);

    await expect(row.getByRole("link").filter({ has: page.getByRole("img") })).toHaveAttribute(
      "href",
      `/d/${id}`,
    );

    // Every cell of a row, the Actions one included, ends where the row ends: their lines are one line.
    const bottoms = await row
      .locator("td")
      .evaluateAll((cells) => cells.map((cell) => Math.round(cell.getBoundingClientRect().bottom)));
    expect(new Set(bottoms).size, `cell bottoms ${bottoms.join(", ")}`).toBe(1);

    await row.getByText("Delete", { exact: true }).click();
    const red = (colour: string) => {
      const [r = 0, g = 0, b = 0] = (colour.match(/\d+/g) ?? []).map(Number);
      return r > 100 && r > 1.6 * g && r > 1.6 * b;
    };
    const background = (locator: Locator) =>
      locator.evaluate((element) => getComputedStyle(element).backgroundColor);
    const opener = row.locator("summary", { hasText: "Delete" });
    const final = row.getByRole("button", { name: "Delete for good", exact: true });
    expect(red(await opener.evaluate((element) => getComputedStyle(element).color)), "Delete reads red").toBe(
      true,
    );
    expect(red(await background(final)), `Delete for good is ${await background(final)}`).toBe(true);
  });
});
