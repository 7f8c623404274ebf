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
