import { expect, test } from "./fixtures.ts";
import { ADMIN_TOKEN, signInAsModerator, submitToken } from "./helpers/admin.ts";
import { axeViolations } from "./helpers/axe.ts";
import { seedDrawings } from "./helpers/wall.ts";

test("axe-core finds no accessibility violations on the admin sign-in form, empty, refused and with admin off", async ({
  page,
  launchServer,
}) => {
  const server = await launchServer({ env: { ADMIN_TOKEN } });
  await page.goto(`${server.url}/admin`);
  expect(await axeViolations(page)).toEqual([]);
  await submitToken(page, "a-wrong-token-of-good-length");
  await expect(page.getByRole("alert")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  const adminOff = await launchServer({ env: { ADMIN_TOKEN: "" } });
  await page.goto(`${adminOff.url}/admin`);
  await expect(page.getByRole("alert")).toContainText("Admin is off");
  expect(await axeViolations(page)).toEqual([]);
});

test("axe-core finds no accessibility violations on the signed-in admin lists, with drawings and empty", async ({
  page,
  launchServer,
  request,
}) => {
  const server = await launchServer({ env: { ADMIN_TOKEN, MODERATION_MODE: "pre" } });
  await seedDrawings(request, server.url, 2);
  await signInAsModerator(page, server.url);
  for (const filter of ["newest", "pending", "hidden"]) {
    await page.goto(`${server.url}/admin?filter=${filter}`);
    await expect(page.getByRole("heading", { name: `${filter} drawings`, level: 2 })).toBeVisible();
    expect(await axeViolations(page), `/admin?filter=${filter}`).toEqual([]);
  }
});
