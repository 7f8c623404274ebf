import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Page } from "@playwright/test";
import type { AdminPage } from "../../src/common/admin-pages.ts";
import { DEFAULT_BRANDING } from "../../src/common/config.ts";
import type { MetaTag, PermalinkPageData, ServerPage } from "../../src/common/server-pages.ts";
import type { RenderModule } from "../../src/server/pages/render-bundle.ts";
import { expect, test } from "./fixtures.ts";

// Every HTML page the server sends is rendered by the build's server bundle (dist/.ssr/server-render.js, which
// npm run test:e2e builds). Each is rendered here from data that tries to break out of text and attributes, read
// back by Chromium, and checked against that data: what the page says is what it was given, and nothing more.

const HOSTILE = `Fred's "<script>alert(1)</script>" & <b>pals</b> </style></title>`;
const branding = { title: HOSTILE, faviconImage: "/mascot.png?a=1&b=<2>" };

async function bundle(): Promise<RenderModule> {
  const file = join(import.meta.dirname, "../../dist/.ssr/server-render.js");
  return (await import(pathToFileURL(file).href)) as RenderModule;
}

/** Loads `html` as the page's document, nothing fetched and no script run: what the HTML itself says. */
async function open(page: Page, html: string): Promise<void> {
  await page.route("**/*", (route) => route.abort());
  await page.setContent(html, { waitUntil: "domcontentloaded" });
}

const metaTags: MetaTag[] = [
  ["name", "description", `About ${HOSTILE}`],
  ["property", "og:title", HOSTILE],
  ["property", "og:url", 'https://draw.example/d/AAAAAAAAAAAA?x="y"'],
];

const permalink: PermalinkPageData = {
  branding,
  name: `A drawing on ${HOSTILE}`,
  metaTags,
  pageUrl: "https://draw.example/d/AAAAAAAAAAAA",
  imagePath: "/api/drawings/AAAAAAAAAAAA.png",
  imageAlt: `A drawing shared on ${HOSTILE}`,
  createdAt: "2026-11-21T16:04:00.000Z",
  social: {
    id: "AAAAAAAAAAAA",
    reactions: { heart: 3, fire: 1, lol: 0 },
    reactionsVersion: 7,
    remixOf: "BBBBBBBBBBBB",
    remixes: [],
    remixCount: 0,
  },
  share: {
    id: "AAAAAAAAAAAA",
    permalink: "https://draw.example/d/AAAAAAAAAAAA",
    postText: `${HOSTILE} https://draw.example/d/AAAAAAAAAAAA`,
    imagePath: "/api/drawings/AAAAAAAAAAAA.png",
    fileName: `fred-<1>.png`,
  },
  claims: { credit: "@fred_fan", prompt: { id: "beach", title: HOSTILE }, place: 1 },
  script: "/assets/permalink-page-Ab12.js",
};

test("the drawing page's head and #root come from the bundle with the title and tags it was given", async ({
  page,
}) => {
  const { renderHead, renderPage } = await bundle();
  await open(
    page,
    `<!doctype html><html><head>${renderHead(HOSTILE, metaTags)}</head><body><div id="root">${renderPage({ ...DEFAULT_BRANDING, title: HOSTILE })}</div></body></html>`,
  );
  await expect(page).toHaveTitle(HOSTILE);
  for (const [attribute, key, value] of metaTags)
    await expect(page.locator(`meta[${attribute}="${key}"]`)).toHaveAttribute("content", value);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(HOSTILE);
  expect(await page.locator("script, b").count()).toBe(0);
});

test("a drawing's permalink page says what its data says, escaped, with its one script", async ({ page }) => {
  const { renderServerPage } = await bundle();
  await open(page, renderServerPage({ kind: "permalink", data: permalink }));
  await expect(page).toHaveTitle(permalink.name);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", permalink.pageUrl);
  for (const [attribute, key, value] of metaTags)
    await expect(page.locator(`meta[${attribute}="${key}"]`)).toHaveAttribute("content", value);
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute("href", branding.faviconImage);
  await expect(page.locator("h1")).toHaveText(HOSTILE);
  await expect(page.locator(".permalink__image")).toHaveAttribute("alt", permalink.imageAlt);
  await expect(page.locator(".permalink__credit")).toHaveText("by @fred_fan · on X (opens in a new tab)");
  await expect(page.locator(".permalink__entry")).toHaveText(`1st in ${HOSTILE}`);
  await expect(page.locator(".permalink__remix-of a")).toHaveAttribute("href", "/d/BBBBBBBBBBBB");
  const share = page.locator(".permalink__share");
  await expect(share).toHaveAttribute("data-post", permalink.share.postText);
  await expect(share.locator("[download]")).toHaveAttribute("download", permalink.share.fileName);
  const x = new URL((await share.locator('[data-action="x"]').getAttribute("href")) ?? "");
  expect(x.searchParams.get("text")).toBe(permalink.share.postText);
  await expect(page.locator(".reactions")).toHaveAttribute("data-version", "7");
  await expect(page.locator(".reaction__count")).toHaveText(["3", "1", "0"]);
  await expect(page.locator(".reaction")).toHaveCount(3);
  for (const button of await page.locator(".reaction").all()) await expect(button).toBeDisabled();
  await expect(page.locator("time")).toHaveAttribute("datetime", permalink.createdAt);
  expect(await page.locator("script").evaluateAll((all) => all.map((s) => s.outerHTML))).toEqual([
    `<script type="module" src="${permalink.script}"></script>`,
  ]);
  expect(await page.locator("b, [style]").count()).toBe(0);
});

test("the 404 and other notice pages carry their heading and sentence, kept from search engines", async ({
  page,
}) => {
  const { renderServerPage } = await bundle();
  const text = `Nothing is drawn at this address on ${HOSTILE}.`;
  await open(page, renderServerPage({ kind: "notice", data: { branding, heading: "Page not found", text } }));
  await expect(page).toHaveTitle(`Page not found — ${HOSTILE}`);
  await expect(page.locator("h1")).toHaveText("Page not found");
  await expect(page.locator("main p").first()).toHaveText(text);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  expect(await page.locator("script, b").count()).toBe(0);
});

test("the admin pages say what their data says, with forms and no script", async ({ page }) => {
  const { renderServerPage } = await bundle();
  const drawing = {
    id: "CCCCCCCCCCCC",
    createdAt: "2026-11-21T16:04:00.000Z",
    status: "visible",
    reportCount: 2,
    reactions: { heart: 1, fire: 0, lol: 4 },
    remixOf: null,
    name: HOSTILE,
    making: true,
  } as const;
  const pages: readonly (AdminPage & ServerPage)[] = [
    { kind: "admin-login", community: HOSTILE, problem: `No: ${HOSTILE}` },
    { kind: "admin-error", community: HOSTILE, message: `Not done: ${HOSTILE}` },
    {
      kind: "admin-list",
      community: HOSTILE,
      filter: "reported",
      drawings: [drawing],
      now: Date.parse("2026-11-21T18:04:00Z"),
    },
  ];
  await open(page, renderServerPage(pages[0] as ServerPage));
  await expect(page).toHaveTitle(`${HOSTILE} admin: sign in`);
  await expect(page.getByRole("alert")).toHaveText(`No: ${HOSTILE}`);
  await expect(page.locator('form[action="/admin/login"] input[name="token"]')).toHaveAttribute(
    "type",
    "password",
  );
  await open(page, renderServerPage(pages[1] as ServerPage));
  await expect(page.getByRole("alert")).toHaveText(`Not done: ${HOSTILE}`);
  await open(page, renderServerPage(pages[2] as ServerPage));
  await expect(page).toHaveTitle(`${HOSTILE} admin: reported`);
  await expect(page.locator("h1")).toHaveText(`${HOSTILE} admin`);
  await expect(page.locator('[aria-current="page"]')).toHaveText("reported");
  const row = page.locator("tbody tr");
  await expect(row.locator('[data-label="Reports"]')).toHaveText("2");
  await expect(row.locator('[data-label="Reactions"]')).toHaveText("1 heart, 0 fire, 4 laughing");
  await expect(row.locator('[data-label="Stored"] time')).toHaveText("2 hours ago");
  await expect(row.locator('[data-label="Name"] a')).toHaveText(HOSTILE);
  await expect(row.locator('input[name="name"]')).toHaveValue(HOSTILE);
  await expect(row.locator('input[name="filter"]').first()).toHaveValue("reported");
  await expect(row.locator("form button")).toContainText([
    "Remove name",
    "Block name",
    "Remove for good",
    "Keep, clear reports",
    "Hide",
    "Delete for good",
  ]);
  await expect(row.locator('a[href="/d/CCCCCCCCCCCC"]')).toHaveCount(1);
  expect(await page.locator("script, b, [style]").count()).toBe(0);
});
