import { type Browser, expect, type Locator, type Page } from "@playwright/test";

/** A token long enough for the server to accept (ADMIN_TOKEN needs 16+ characters). */
export const ADMIN_TOKEN = "e2e-moderator-token-0123456789";

/** Opens /admin and fills its sign-in form; resolves once the moderation list is shown. */
export async function signInAsModerator(page: Page, baseUrl: string, token = ADMIN_TOKEN): Promise<void> {
  const login = await page.goto(`${baseUrl}/admin`);
  expect(login?.status(), "/admin before signing in").toBe(401);
  await submitToken(page, token);
  await expect(page.getByRole("heading", { name: /drawings$/, level: 2 })).toBeVisible();
}

/** A signed-in moderator in a browser context of their own (apart from the visitor's); close() ends it. */
export async function openModerator(
  browser: Browser,
  baseUrl: string,
): Promise<{ readonly page: Page; readonly close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAsModerator(page, baseUrl);
  return { page, close: () => context.close() };
}

/** Fills the sign-in form's token field and submits it; returns the HTTP status of the page it led to. */
export async function submitToken(page: Page, token: string): Promise<number | undefined> {
  await page.getByLabel("Admin token").fill(token);
  const answer = page.waitForResponse(
    (response) =>
      new URL(response.url()).pathname === "/admin/login" && response.request().method() === "POST",
  );
  await page.getByRole("button", { name: "Sign in" }).click();
  const status = (await answer).status();
  await page.waitForLoadState("domcontentloaded");
  return status;
}

/** The admin list's row of one drawing, found by its image's alt text. */
export function adminRow(page: Page, id: string): Locator {
  return page.getByRole("row").filter({ has: page.getByRole("img", { name: `Drawing ${id}`, exact: true }) });
}

/**
 * Shows the admin list with `filter` and clicks `action` (a button label: Hide, Restore, Approve, Delete)
 * in the drawing's row; resolves once the list it redirects back to has loaded. Delete asks first: the row's
 * Delete opens the question, whose "Delete for good" sends it.
 */
export async function moderateOnPage(page: Page, filter: string, id: string, action: string): Promise<void> {
  const filters = page.getByRole("navigation", { name: "Sections" });
  // The list shown is marked aria-current rather than linked.
  if ((await filters.locator('[aria-current="page"]').textContent()) !== filter) {
    await filters.getByRole("link", { name: filter, exact: true }).click();
  }
  await expect(page.getByRole("heading", { name: `${filter} drawings`, level: 2 })).toBeVisible();
  // The page already sits on /admin, so waiting for that URL would resolve before the action is even sent:
  // wait for the main frame to commit the document the action redirects to instead.
  const navigated = page.waitForEvent("framenavigated", (frame) => frame === page.mainFrame());
  const row = adminRow(page, id);
  if (action === "Delete") {
    await row.getByText("Delete", { exact: true }).click();
    await row.getByRole("button", { name: "Delete for good", exact: true }).click();
  } else {
    await row.getByRole("button", { name: action, exact: true }).click();
  }
  await navigated;
  await page.waitForLoadState("load");
  expect(new URL(page.url()).pathname, `the page ${action} led to`).toBe("/admin");
}
