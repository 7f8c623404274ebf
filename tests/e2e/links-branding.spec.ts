import type { BrandingConfig } from "../../src/common/config.ts";
import { expect, test } from "./fixtures.ts";
import { servedBranding } from "./helpers/branding.ts";
import { openDrawingPage } from "./helpers/page.ts";
import { nextUpload, SAVED_TEXT, saveImage } from "./helpers/save.ts";
import { drawSomething } from "./helpers/strokes.ts";

test("Profile and Community open in a new tab without giving it access to the page", async ({ page }) => {
  await openDrawingPage(page);
  const branding = await servedBranding(page);
  const links = [
    { name: "Profile", href: branding.profileUrl },
    { name: "Community", href: branding.communityUrl },
  ];
  for (const { name, href } of links) {
    // The accessible name may add "(opens in a new tab)"; it must start with the visible label.
    const link = page.getByRole("link", { name: new RegExp(`^${name}\\b`) });
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    await expect(link).toHaveAttribute("href", href);
  }
});

test.describe("copying the contract address", () => {
  test.use({ permissions: ["clipboard-read", "clipboard-write"] });

  test("Copy puts the address on the clipboard and confirms Copied", async ({ page }) => {
    await openDrawingPage(page);
    const { contractAddress } = await servedBranding(page);
    await expect(page.getByText(contractAddress)).toBeVisible();
    await page.getByRole("button", { name: /^Copy/ }).click();
    await expect(page.getByText("Copied", { exact: true }).first()).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(contractAddress);
  });
});

test("branding from a config file shows up without rebuilding the page", async ({ launchServer, page }) => {
  const branding: BrandingConfig = {
    title: "Paint Pam",
    contractAddress: "PAM2222222222222222222222222222222222222moon",
    profileUrl: "https://example.com/pam/profile",
    communityUrl: "https://example.com/pam/community",
    mascotImage: "/mascot.png",
    faviconImage: "/favicon.png",
    downloadPrefix: "paint-pam",
  };
  // A second server on the same build in dist/, given only a different config file.
  const server = await launchServer({ branding });
  await openDrawingPage(page, server.url);
  await expect(page).toHaveTitle(/Paint Pam/);
  await expect(page.getByRole("heading", { name: "Paint Pam" })).toBeVisible();
  await expect(page.getByText(branding.contractAddress)).toBeVisible();
  await expect(page.getByRole("link", { name: /^Profile\b/ })).toHaveAttribute("href", branding.profileUrl);
  await expect(page.getByRole("link", { name: /^Community\b/ })).toHaveAttribute(
    "href",
    branding.communityUrl,
  );
  await drawSomething(page);
  const upload = nextUpload(page);
  const { download } = await saveImage(page);
  expect(download.suggestedFilename()).toMatch(/^paint-pam-\d+\.png$/);
  expect((await upload).status()).toBe(201);
  await expect(page.getByRole("status").filter({ hasText: SAVED_TEXT })).toBeVisible();
});

test("a community's theme colours paint the page: the branding's accent and background win over the defaults", async ({
  launchServer,
  page,
}) => {
  const theme = { accent: "#7a2e9c", background: "#f6f0fa" };
  const server = await launchServer({ branding: { ...(await servedBranding(page)), theme } });
  await openDrawingPage(page, server.url);
  const colours = await page.evaluate(() => {
    const save = document.querySelector(".save-button");
    return {
      accent: getComputedStyle(document.documentElement).getPropertyValue("--accent").trim(),
      page: getComputedStyle(document.body).backgroundColor,
      save: save === null ? "" : getComputedStyle(save).backgroundColor,
    };
  });
  expect(colours).toEqual({ accent: theme.accent, page: "rgb(246, 240, 250)", save: "rgb(122, 46, 156)" });
});
