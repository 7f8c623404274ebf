import { GALLERY_PAGE_SIZE } from "../../src/client/wall/wall-api.ts";
import { expect, test } from "./fixtures.ts";
import { openDrawingPage } from "./helpers/page.ts";
import { SAVED_TEXT, saveAndStore } from "./helpers/save.ts";
import { drawSomething } from "./helpers/strokes.ts";
import { seedDrawing, wall, wallLinks } from "./helpers/wall.ts";

/** How many drawings the page asks for at a time. */
const PAGE_SIZE = GALLERY_PAGE_SIZE;

test("a drawing saved in one page appears in another open page's wall without a reload, once", async ({
  page,
  context,
  request,
}) => {
  // Both walls have their first page before the save, so the drawing can only arrive through the event stream.
  await openDrawingPage(page);
  await expect(wall(page)).toHaveAttribute("aria-busy", "false");
  const other = await context.newPage();
  await openDrawingPage(other);
  await expect(wall(other)).toHaveAttribute("aria-busy", "false");

  await drawSomething(other);
  const saved = await saveAndStore(other);
  await expect(other.getByRole("status").filter({ hasText: SAVED_TEXT })).toBeVisible();

  // Playwright's expect polls up to its timeout: a bounded wait, not a timing assertion.
  const link = (target: typeof page) => wallLinks(target).and(target.locator(`a[href="/d/${saved.id}"]`));
  await expect(link(page)).toHaveCount(1);
  await expect(wallLinks(page).first()).toHaveAttribute("href", `/d/${saved.id}`);
  // The saving page gets its own drawing through the same event stream: once, not twice.
  await expect(link(other)).toHaveCount(1);
  // A count of 1 is met by the first copy at once. A second copy would come before any later drawing (the
  // stream delivers in order, and the saving page's own answer came first), so store one more drawing and
  // look again once it has reached both walls.
  const later = await seedDrawing(request, new URL(page.url()).origin);
  const laterLink = (target: typeof page) =>
    wallLinks(target).and(target.locator(`a[href="/d/${later.id}"]`));
  await expect(laterLink(page)).toHaveCount(1);
  await expect(laterLink(other)).toHaveCount(1);
  await expect(link(page)).toHaveCount(1);
  await expect(link(other)).toHaveCount(1);
  await other.close();
});

test("a wall whose files cannot load (offline, a deploy replaced them) is left out; the tool keeps working", async ({
  page,
  consoleLog,
}) => {
  // Only the wall's stylesheet fails: the bundler preloads it before the wall's code, and that failure must be
  // caught like any other (the noPageErrors fixture fails this test on an uncaught error).
  await page.route(/\/assets\/Wall-[^/]*\.css$/, (route) => route.abort());
  await openDrawingPage(page);
  await expect
    .poll(() => consoleLog.firstArguments())
    .toContainEqual(expect.stringContaining("the community wall could not be loaded"));
  await expect(page.getByRole("region", { name: /Community wall/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Save Image" })).toBeEnabled();
});

test("an empty wall invites the first drawing", async ({ page, launchServer }) => {
  const server = await launchServer({});
  await openDrawingPage(page, server.url);
  await expect(wall(page).getByText("No drawings yet — be the first")).toBeVisible();
  await expect(wallLinks(page)).toHaveCount(0);
});

test("the wall shows the newest page first and loads older drawings on scroll", async ({
  page,
  launchWall,
}) => {
  const { server, drawings: seeded } = await launchWall(PAGE_SIZE + 3);
  const newestFirst = [...seeded].reverse().map((drawing) => `/d/${drawing.id}`);
  await openDrawingPage(page, server.url);

  await expect(wallLinks(page)).toHaveCount(PAGE_SIZE);
  expect(await wallLinks(page).evaluateAll((links) => links.map((a) => a.getAttribute("href")))).toEqual(
    newestFirst.slice(0, PAGE_SIZE),
  );
  const thumb = wallLinks(page).first().locator("img");
  await expect(thumb).toHaveAttribute("loading", "lazy");
  await expect(thumb).toHaveAttribute("width", "300");
  await expect(thumb).toHaveAttribute("alt", /drawing/);

  await wall(page).getByRole("button", { name: "Load more" }).scrollIntoViewIfNeeded();
  await expect(wallLinks(page)).toHaveCount(PAGE_SIZE + 3);
  expect(await wallLinks(page).evaluateAll((links) => links.map((a) => a.getAttribute("href")))).toEqual(
    newestFirst,
  );
  await expect(wall(page).getByRole("button", { name: "Load more" })).toHaveCount(0);
});

test("a wall of a few drawings sits centred under its heading, its cards no wider than a full row's", async ({
  page,
  launchWall,
}) => {
  const { server } = await launchWall(3);
  await page.setViewportSize({ width: 1366, height: 768 });
  await openDrawingPage(page, server.url);
  const cards = wall(page).getByRole("listitem");
  await expect(cards).toHaveCount(3);
  const boxes = await cards.evaluateAll((items) =>
    items.map((item) => item.getBoundingClientRect().toJSON()),
  );
  const heading = await wall(page).getByRole("heading", { name: "Community wall" }).boundingBox();
  const left = Math.min(...boxes.map((box) => box.left));
  const right = Math.max(...boxes.map((box) => box.right));
  expect(Math.abs((left + right) / 2 - ((heading?.x ?? 0) + (heading?.width ?? 0) / 2))).toBeLessThanOrEqual(
    2,
  );
  for (const box of boxes) expect(box.width).toBeLessThanOrEqual(200);
});

test("each drawing on the wall opens its permalink page", async ({ page, launchWall }) => {
  const { server, first: drawing } = await launchWall(1);
  await openDrawingPage(page, server.url);
  await wallLinks(page).first().click();
  await expect(page).toHaveURL(`${server.url}/d/${drawing.id}`);
  await expect(page.locator(`img[src="/api/drawings/${drawing.id}.png"]`)).toBeVisible();
});

test("Report drawing asks to confirm, posts the report and hides the drawing; at the threshold it leaves other walls live", async ({
  page,
  context,
  launchServer,
  request,
}) => {
  const server = await launchServer({ env: { REPORT_THRESHOLD: "1" } });
  const drawing = await seedDrawing(request, server.url);
  const other = await context.newPage();
  await openDrawingPage(other, server.url);
  await expect(wallLinks(other)).toHaveCount(1);
  await openDrawingPage(page, server.url);
  await expect(wallLinks(page)).toHaveCount(1);

  // Report sits in each card's quiet "More actions" menu.
  await wall(page)
    .getByRole("button", { name: /^More actions for the fan drawing from / })
    .click();
  await wall(page).getByRole("button", { name: "Report drawing" }).click();
  const confirm = wall(page).getByRole("button", { name: "Yes, report" });
  await expect(confirm).toBeFocused();
  const report = page.waitForResponse(
    (response) =>
      response.url().endsWith(`/api/drawings/${drawing.id}/report`) && response.request().method() === "POST",
  );
  await confirm.click();
  expect((await report).status()).toBe(202);
  await expect(
    wall(page)
      .locator(".wall__item")
      .getByText(/^Reported/),
  ).toBeVisible();
  await expect(wallLinks(page)).toHaveCount(0);
  // One report is the threshold here: the server hides it and the other open wall drops it without a reload.
  await expect(wallLinks(other)).toHaveCount(0);
  await other.close();
});

test("a drawing stored after the wall's first page was answered, before its live feed opened, still shows", async ({
  page,
  request,
}) => {
  // The feed is held back until the drawing is stored. The wall, not hearing from its feed, asks for its first
  // page anyway (a refused feed must not keep it empty): that page is answered before the drawing exists, and the
  // feed only announces what comes after it opens. The page asked for again when the feed opens brings it.
  let releaseFeed = () => {};
  const feedHeld = new Promise<void>((resolve) => {
    releaseFeed = resolve;
  });
  await page.route(/\/api\/events(\?|$)/, async (route) => {
    await feedHeld;
    await route.continue();
  });
  await openDrawingPage(page);
  await expect(wall(page)).toHaveAttribute("aria-busy", "false");
  const stored = await seedDrawing(request, new URL(page.url()).origin);
  releaseFeed();
  await expect(wallLinks(page).and(page.locator(`a[href="/d/${stored.id}"]`))).toHaveCount(1);
});
