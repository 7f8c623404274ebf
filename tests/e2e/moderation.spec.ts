import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import type { GalleryPage, SavedDrawing } from "../../src/common/api.ts";
import { ADMIN_API } from "../../src/server/moderation/admin-api-routes.ts";
import { ADMIN_ACTIONS, ADMIN_FILTERS } from "../../src/server/moderation/admin-queries.ts";
import { readZip } from "../helpers/zip.ts";
import { expect, test } from "./fixtures.ts";
import { ADMIN_TOKEN, adminRow, moderateOnPage, openModerator, submitToken } from "./helpers/admin.ts";
import { runExport } from "./helpers/export.ts";
import { openDrawingPage } from "./helpers/page.ts";
import { listedIds, openWall, statusOf } from "./helpers/public-view.ts";
import { nextUpload, saveImage } from "./helpers/save.ts";
import { drawSomething } from "./helpers/strokes.ts";
import { seedDrawing, seedDrawings, wall, wallLinks } from "./helpers/wall.ts";

const PENDING_TEXT = "Saved — it will appear on the wall once a moderator approves it";

const wallLink = (page: Page, id: string) => wallLinks(page).and(page.locator(`a[href="/d/${id}"]`));

test("pre-moderation: a save waits for approval out of sight, then reaches an open wall live", async ({
  page,
  context,
  browser,
  launchServer,
  request,
}) => {
  const server = await launchServer({ env: { MODERATION_MODE: "pre", ADMIN_TOKEN } });
  // A drawing approved after the visitor's save: its live arrival proves the wall has seen everything before it.
  const marker = await seedDrawing(request, server.url);
  const watcher = await context.newPage();
  await openWall(watcher, server.url);
  await expect(wall(watcher).getByText("No drawings yet — be the first")).toBeVisible();

  await openDrawingPage(page, server.url);
  // Drawing needs the visitor's tab in front: a background tab draws no frames for the mouse to wait on.
  await page.bringToFront();
  await drawSomething(page);
  const upload = nextUpload(page);
  await saveImage(page);
  const answer = await upload;
  expect(answer.status()).toBe(201);
  const saved = (await answer.json()) as SavedDrawing;
  expect(saved.status).toBe("pending");
  await expect(page.getByRole("status").filter({ hasText: PENDING_TEXT })).toBeVisible();

  const { page: moderator, close: closeModerator } = await openModerator(browser, server.url);
  // The wall's stream is one ordered connection: once the later approval has arrived live, an arrival of the
  // pending save (sent before it) would have shown too.
  await moderateOnPage(moderator, "pending", marker.id, "Approve");
  await expect(wallLink(watcher, marker.id)).toHaveCount(1);
  await expect(wallLinks(watcher)).toHaveCount(1);
  expect(await listedIds(request, server.url)).not.toContain(saved.id);
  expect(await statusOf(request, `${server.url}${saved.url}`)).toBe(404);
  expect(await statusOf(request, `${server.url}/d/${saved.id}`)).toBe(404);
  // The save sheet (its own chunk) is up: a pending save still offers no View link and no sharing.
  await expect(page.getByRole("dialog", { name: "Saved — waiting for a moderator" })).toBeVisible();
  for (const name of [/^View/, /^Share on X/]) await expect(page.getByRole("link", { name })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^(Copy link|Copy image|Share image)$/ })).toHaveCount(0);

  await moderateOnPage(moderator, "pending", saved.id, "Approve");
  await expect(adminRow(moderator, saved.id)).toHaveCount(0);

  await expect(wallLink(watcher, saved.id)).toHaveCount(1);
  await expect(wallLinks(watcher)).toHaveCount(2);
  expect(await statusOf(request, `${server.url}/d/${saved.id}`)).toBe(200);
  expect(await statusOf(request, `${server.url}${saved.url}`)).toBe(200);
  expect(await listedIds(request, server.url)).toContain(saved.id);
  await closeModerator();
});

test("hide: a moderator hides a visible drawing on /admin; it leaves an open wall live and its URLs answer 404", async ({
  page,
  browser,
  launchServer,
  request,
}) => {
  const server = await launchServer({ env: { ADMIN_TOKEN } });
  const [kept, hidden] = await seedDrawings(request, server.url, 2);
  if (kept === undefined || hidden === undefined) throw new Error("seeding gave fewer than two drawings");
  const thumbnails = new Map(
    ((await (await request.get(`${server.url}/api/drawings`)).json()) as GalleryPage).items.map((item) => [
      item.id,
      item.thumbnailUrl,
    ]),
  );
  await openWall(page, server.url);
  await expect(wallLinks(page)).toHaveCount(2);

  const { page: moderator, close: closeModerator } = await openModerator(browser, server.url);
  await moderateOnPage(moderator, "newest", hidden.id, "Hide");
  await expect(
    adminRow(moderator, hidden.id).getByRole("cell", { name: "hidden", exact: true }),
  ).toBeVisible();

  await expect(wallLink(page, hidden.id)).toHaveCount(0);
  await expect(wallLink(page, kept.id)).toHaveCount(1);
  for (const url of [`/d/${hidden.id}`, hidden.url, thumbnails.get(hidden.id)]) {
    expect(url, "the hidden drawing's thumbnail was listed").toBeDefined();
    expect(await statusOf(request, `${server.url}${url}`), url).toBe(404);
  }
  expect(await statusOf(request, `${server.url}/d/${kept.id}`)).toBe(200);
  await closeModerator();
});

test("admin without the token: every admin page and API route answers 401, and the sign-in form lets no one in", async ({
  page,
  context,
  launchServer,
  request,
}) => {
  // TRUST_PROXY lets each wrong Bearer below come from its own visitor (X-Forwarded-For): past 10 failed
  // sign-ins one visitor is answered 429 (tests/security/admin-sign-in.test.ts), which would hide the route's 401.
  const server = await launchServer({ env: { ADMIN_TOKEN, TRUST_PROXY: "1" } });
  const { id } = await seedDrawing(request, server.url);

  // Every page route of src/server/moderation/admin-page-routes.ts, and a path only the catch-all answers.
  const pageUrls = ["/admin", "/admin?filter=pending", "/admin/login", "/admin/logout"];
  pageUrls.push(...ADMIN_ACTIONS.map((action) => `/admin/drawings/${id}/${action}`), "/admin/anything");
  for (const url of pageUrls) {
    expect((await page.goto(`${server.url}${url}`))?.status(), `GET ${url}`).toBe(401);
  }
  // The page's own same-origin POSTs (its Origin header included) need a session too.
  const pagePosts = ["/admin/logout", ...ADMIN_ACTIONS.map((action) => `/admin/drawings/${id}/${action}`)];
  // Every route of src/server/moderation/admin-api-routes.ts (each filter and action), and the /api/admin catch-all.
  const apiCalls = [
    ...["", ...ADMIN_FILTERS.map((filter) => `?filter=${filter}`)].map((query) => [
      "GET",
      `${ADMIN_API}${query}`,
    ]),
    ...ADMIN_ACTIONS.map((action) => ["POST", `${ADMIN_API}/${id}/${action}`]),
    ["GET", `${ADMIN_API}/${id}.png`],
    ...["GET", "POST", "PUT", "DELETE", "PATCH"].map((method) => [method, "/api/admin/anything"]),
  ];
  const calls = [...pagePosts.map((url) => ["POST", url, "form"]), ...apiCalls];
  const statuses = await page.evaluate(
    async (list) =>
      Promise.all(
        list.map(async ([method, url, body], index) => {
          const init: RequestInit = { method: method ?? "GET", credentials: "same-origin" };
          if (body === "form") init.body = new URLSearchParams({ filter: "newest" });
          const noBearer = (await fetch(url ?? "", init)).status;
          const wrong = (
            await fetch(url ?? "", {
              ...init,
              headers: { Authorization: "Bearer not-the-token-at-all", "X-Forwarded-For": `10.0.${index}.1` },
            })
          ).status;
          return `${method} ${url}: ${noBearer} ${wrong}`;
        }),
      ),
    calls,
  );
  expect(statuses).toEqual(calls.map(([method, url]) => `${method} ${url}: 401 401`));
  expect(await listedIds(request, server.url), "no call changed the drawing").toEqual([id]);

  await page.goto(`${server.url}/admin`);
  expect(await submitToken(page, "a-wrong-token-of-good-length")).toBe(401);
  await expect(page.getByRole("alert")).toHaveText("That token is not right.");
  await expect(page.getByLabel("Admin token")).toBeVisible();
  expect(await context.cookies(server.url)).toEqual([]);

  const adminOff = await launchServer({ env: { ADMIN_TOKEN: "" } });
  expect((await page.goto(`${adminOff.url}/admin`))?.status()).toBe(401);
  await expect(page.getByRole("alert")).toContainText("Admin is off");
  expect(await submitToken(page, ADMIN_TOKEN)).toBe(401);
  await expect(page.getByLabel("Admin token")).toBeVisible();
  expect(await context.cookies(adminOff.url)).toEqual([]);
  const bearerWhenOff = await request.get(`${adminOff.url}${ADMIN_API}`, {
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  expect(bearerWhenOff.status()).toBe(401);
});

test("delete: a deleted drawing leaves the wall and its permalink, and the export holds exactly the visible rest", async ({
  page,
  browser,
  launchServer,
  request,
}) => {
  const server = await launchServer({ env: { ADMIN_TOKEN } });
  const seeded = await seedDrawings(request, server.url, 4);
  const [first, deleted, second, hidden] = seeded;
  if (first === undefined || deleted === undefined || second === undefined || hidden === undefined) {
    throw new Error("seeding gave fewer than four drawings");
  }
  // A drawing hidden through the API, so the export has a non-visible drawing to leave out besides the deleted one.
  const hide = await request.post(`${server.url}${ADMIN_API}/${hidden.id}/hide`, {
    headers: { Authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  expect(hide.status()).toBe(200);
  await openWall(page, server.url);
  await expect(wallLinks(page)).toHaveCount(3);

  const { page: moderator, close: closeModerator } = await openModerator(browser, server.url);
  await moderateOnPage(moderator, "newest", deleted.id, "Delete");
  await expect(adminRow(moderator, deleted.id)).toHaveCount(0);
  await closeModerator();

  await expect(wallLink(page, deleted.id)).toHaveCount(0);
  await expect(wallLinks(page)).toHaveCount(2);
  expect(await statusOf(request, `${server.url}/d/${deleted.id}`)).toBe(404);
  expect(await statusOf(request, `${server.url}${deleted.url}`)).toBe(404);

  const outDir = await mkdtemp(path.join(tmpdir(), "fanvas-e2e-export-"));
  try {
    const archive = path.join(outDir, "out.zip");
    // The server keeps running while the export reads its database.
    await runExport(server.dataDir, archive);
    const entries = await readZip(archive);
    const visible = [first, second];
    expect([...entries.keys()].sort()).toEqual([...visible.map((d) => `${d.id}.png`), "index.json"].sort());
    for (const drawing of visible) {
      const served = await request.get(`${server.url}${drawing.url}`);
      expect(
        entries.get(`${drawing.id}.png`)?.data.equals(await served.body()),
        `${drawing.id}.png bytes`,
      ).toBe(true);
    }
    const index = JSON.parse(entries.get("index.json")?.data.toString("utf8") ?? "{}") as {
      drawings: { id: string; status: string }[];
      count: number;
    };
    expect(index.count).toBe(2);
    expect(index.drawings.map((d) => d.id).sort()).toEqual(visible.map((d) => d.id).sort());
    expect(new Set(index.drawings.map((d) => d.status))).toEqual(new Set(["visible"]));
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
});
