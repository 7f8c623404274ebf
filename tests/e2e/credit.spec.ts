import type { SavedDrawing } from "../../src/common/api.ts";
import type { BrandingConfig } from "../../src/common/config.ts";
import { DEFAULT_BRANDING } from "../../src/common/config.ts";
import { drawingPng } from "../api/helpers/png.ts";
import { expect, test } from "./fixtures.ts";
import { ADMIN_TOKEN, adminRow, openModerator } from "./helpers/admin.ts";
import { drawingCanvas } from "./helpers/page.ts";
import { nextUpload, recordUploads, saveImage } from "./helpers/save.ts";
import { drawSomething } from "./helpers/strokes.ts";
import { card, wall } from "./helpers/wall.ts";

// Credit and prompts in the browser: "Sign it" and "Enter" beside Save, the name on the card, the permalink,
// the post and the name's page; the prompt's banner and tab; a moderator's removal reaching open pages live.

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Branding with a prompt running (from yesterday through tomorrow, UTC) and one that ended last month. */
const WITH_PROMPTS: BrandingConfig = {
  ...DEFAULT_BRANDING,
  hashtags: "#DrawFred",
  prompts: [
    { title: "Fred at the beach", hashtag: "#FredAtTheBeach", starts: day(-1), ends: day(1) },
    { title: "Fred in space", starts: day(-40), ends: day(-33) },
  ],
};

test("a signed save: the name on the sheet's post, the card, the permalink and the name's page, and kept for the next visit", async ({
  page,
  launchServer,
}) => {
  const server = await launchServer({});
  await page.goto(server.url);
  await expect(drawingCanvas(page)).toHaveAttribute("data-ready", "true");
  await page.getByLabel(/Sign it/).fill("@e2e_artist");
  await drawSomething(page);
  const upload = nextUpload(page);
  await saveImage(page);
  const saved = (await (await upload).json()) as SavedDrawing;
  expect(saved.name).toBe("@e2e_artist");
  expect(new URL((await upload).url()).searchParams.get("name")).toBe("@e2e_artist");

  const sheet = page.getByRole("dialog");
  await expect(sheet.getByText("Signed")).toContainText("@e2e_artist");
  const intent = await sheet.getByRole("link", { name: /Share on X/ }).getAttribute("href");
  expect(new URL(intent ?? "").searchParams.get("text")).toContain("— by @e2e_artist");
  await sheet.getByRole("button", { name: "Close" }).click();

  const onWall = card(page, saved.id);
  await expect(onWall.getByText("Yours")).toBeVisible();
  await expect(onWall.locator(".wall__credit")).toHaveText("by @e2e_artist");

  await page.goto(`${server.url}/d/${saved.id}`);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
    "content",
    /^A drawing by @e2e_artist on /,
  );
  await expect(page.locator(".permalink__credit")).toContainText("by @e2e_artist");
  const credit = page.locator(".permalink__credit");
  await expect(credit.getByRole("link", { name: /on X/ })).toHaveAttribute(
    "href",
    "https://x.com/e2e_artist",
  );
  const post = await page.getByRole("link", { name: /Share on X/ }).getAttribute("href");
  expect(new URL(post ?? "").searchParams.get("text")).toContain("— by @e2e_artist");

  await credit.getByRole("link", { name: "@e2e_artist", exact: true }).click();
  await expect(page).toHaveURL(`${server.url}/by/%40e2e_artist`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Drawings signed @e2e_artist");
  await expect(page.getByText("A name is a claim, not an identity")).toBeVisible();
  await expect(page.locator(`a[href="/d/${saved.id}"]`)).toBeVisible();

  // The name is remembered on this browser.
  await page.goto(server.url);
  await expect(page.getByLabel(/Sign it/)).toHaveValue("@e2e_artist");
});

test("a name that breaks a rule says why under the field, and Save stores nothing until it is fixed", async ({
  page,
  launchServer,
}) => {
  const server = await launchServer({});
  const uploads = recordUploads(page);
  await page.goto(server.url);
  await expect(drawingCanvas(page)).toHaveAttribute("data-ready", "true");
  const field = page.getByLabel(/Sign it/);
  await field.fill("@not-a-handle");
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText(/An X handle is @ and up to 15 letters/)).toBeVisible();
  await drawSomething(page);
  await saveImage(page);
  await expect(page.getByRole("status")).toContainText("Your name can't be used");
  expect(uploads).toEqual([]);
  await field.fill("@a_handle");
  await expect(field).not.toHaveAttribute("aria-invalid");
  const upload = nextUpload(page);
  await saveImage(page);
  expect(((await (await upload).json()) as SavedDrawing).name).toBe("@a_handle");
});

test("on a laptop's screen a name's problem is said where it is seen, and Enter keeps its place beside the field", async ({
  page,
  launchServer,
}) => {
  const server = await launchServer({ branding: WITH_PROMPTS });
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto(server.url);
  await expect(drawingCanvas(page)).toHaveAttribute("data-ready", "true");
  const field = page.getByLabel(/Sign it/);
  await field.fill("@not a handle!");
  await expect(page.getByText(/An X handle is @ and up to 15 letters/)).toBeInViewport({ ratio: 1 });
  const enter = await page.getByRole("checkbox", { name: /Enter/ }).boundingBox();
  const box = await field.boundingBox();
  const middle = (enter?.y ?? 0) + (enter?.height ?? 0) / 2;
  expect(middle).toBeGreaterThan(box?.y ?? 0);
  expect(middle).toBeLessThan((box?.y ?? 0) + (box?.height ?? 0));
});

test("the running prompt: its banner in the page's HTML, a save entered by default, its tab with the entry, and the ended prompt's tab", async ({
  page,
  request,
  launchServer,
}) => {
  const server = await launchServer({ branding: WITH_PROMPTS });
  // The banner is text of the server's HTML: it paints before any script.
  const html = await (await request.get(server.url)).text();
  expect(html).toContain("Fred at the beach");
  expect(html).toMatch(/class="prompt-banner"/);

  await page.goto(server.url);
  await expect(drawingCanvas(page)).toHaveAttribute("data-ready", "true");
  const banner = page.getByRole("complementary", { name: "The community's prompt" });
  await expect(banner).toContainText("Fred at the beach");
  await expect(banner).toContainText("#FredAtTheBeach");
  const enter = page.getByRole("checkbox", { name: /Enter/ });
  await expect(enter).toBeChecked();
  await drawSomething(page);
  const entered = nextUpload(page);
  await saveImage(page);
  const entry = (await (await entered).json()) as SavedDrawing;
  expect(entry.prompt).toBe("fred-at-the-beach");
  const intent = await page
    .getByRole("dialog")
    .getByRole("link", { name: /Share on X/ })
    .getAttribute("href");
  expect(new URL(intent ?? "").searchParams.get("text")).toMatch(/#DrawFred #FredAtTheBeach$/);
  await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();

  // Unticked, the next save is not entered.
  await enter.uncheck();
  await drawSomething(page);
  const plain = nextUpload(page);
  await saveImage(page);
  const notEntered = (await (await plain).json()) as SavedDrawing;
  expect(notEntered.prompt).toBeNull();
  await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();

  // "See entries" opens the prompt's tab on the wall: the entry, not the other save.
  await banner.getByRole("link", { name: "See entries" }).click();
  const tab = wall(page).getByRole("button", { name: /Fred at the beach/ });
  await expect(tab).toHaveAttribute("aria-pressed", "true");
  await expect(card(page, entry.id)).toBeVisible();
  await expect(card(page, notEntered.id)).toHaveCount(0);
  await wall(page).getByRole("button", { name: "Top", exact: true }).click();
  await expect(card(page, entry.id)).toBeVisible();
  await wall(page).getByRole("button", { name: "Fred in space" }).click();
  await expect(wall(page).getByText(/It ended on/)).toBeVisible();
  await expect(wall(page).getByText("No entries yet")).toBeVisible();
});

test("a moderator removes a name on /admin and it leaves the open wall and permalink page at once; a prompt set in /admin shows its banner live", async ({
  page,
  context,
  browser,
  request,
  launchServer,
}) => {
  const server = await launchServer({ env: { ADMIN_TOKEN } });
  const answer = await request.post(`${server.url}/api/drawings?name=${encodeURIComponent("Rude Name")}`, {
    headers: { "Content-Type": "image/png" },
    data: await drawingPng(600, 600, 77),
  });
  const signed = (await answer.json()) as SavedDrawing;
  await page.goto(server.url);
  const onWall = card(page, signed.id);
  await expect(onWall.locator(".wall__credit")).toHaveText("by Rude Name");
  const permalink = await context.newPage();
  await permalink.goto(`${server.url}/d/${signed.id}`);
  await expect(permalink.locator(".permalink__credit")).toBeVisible();
  // Its event stream is open once the reactions are live.
  await expect(permalink.locator('button[data-kind="heart"]')).toBeEnabled();

  // The moderator, in a browser of their own, presses Remove name in the drawing's row of /admin.
  const moderator = await openModerator(browser, server.url);
  try {
    const row = adminRow(moderator.page, signed.id);
    await expect(row).toContainText("Rude Name");
    await row.getByRole("button", { name: "Remove name" }).click();
    await expect(
      adminRow(moderator.page, signed.id).getByRole("button", { name: "Remove name" }),
    ).toHaveCount(0);
  } finally {
    await moderator.close();
  }
  await expect(onWall.locator(".wall__credit")).toHaveText("");
  await expect(permalink.locator(".permalink__credit")).toBeHidden();
  await expect(onWall).toBeVisible();

  // No prompt yet; one set now shows at once, with its checkbox beside Save.
  await expect(page.getByRole("complementary", { name: "The community's prompt" })).toHaveCount(0);
  const now = Date.now();
  const created = await request.post(`${server.url}/api/admin/prompts`, {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    data: {
      title: "Live prompt",
      starts: new Date(now - 3_600_000).toISOString(),
      ends: new Date(now + 86_400_000).toISOString(),
    },
  });
  expect(created.status()).toBe(201);
  await expect(page.getByRole("complementary", { name: "The community's prompt" })).toContainText(
    "Live prompt",
  );
  await expect(page.getByRole("checkbox", { name: /Enter/ })).toBeChecked();
  await expect(wall(page).getByRole("button", { name: /Live prompt/ })).toBeVisible();
});
