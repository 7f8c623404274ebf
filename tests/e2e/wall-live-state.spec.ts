import type { Page } from "@playwright/test";
import { GALLERY_PAGE_SIZE } from "../../src/client/wall/wall-api.ts";
import type { GalleryPage } from "../../src/common/api.ts";
import { expect, test } from "./fixtures.ts";
import { card, countOf, seedDrawings, wall, wallLinks } from "./helpers/wall.ts";

const shownHrefs = (page: Page) =>
  wallLinks(page).evaluateAll((links) => links.map((link) => link.getAttribute("href")));

test("on Top a feed that drops and opens again keeps every page shown, and Load more goes on where it was", async ({
  page,
  request,
  launchServer,
}) => {
  // Three pages' worth of drawings from one address: more than the default save limit allows in a minute.
  const server = await launchServer({ env: { SAVE_RATE_LIMIT: "0" } });
  await seedDrawings(request, server.url, GALLERY_PAGE_SIZE * 2 + 3);
  const all = await request.get(`${server.url}/api/drawings?sort=top&window=week&limit=60`);
  const topOrder = ((await all.json()) as GalleryPage).items.map((item) => item.permalink);
  const leader = topOrder[0]?.slice("/d/".length) ?? "";

  // The first feed opens and ends at once; the browser's own reconnection is held until two pages are shown.
  let feeds = 0;
  let reopen = () => {};
  const reopened = new Promise<void>((resolve) => {
    reopen = resolve;
  });
  await page.route(/\/api\/events(\?|$)/, async (route) => {
    feeds += 1;
    if (feeds === 1)
      return route.fulfill({ status: 200, contentType: "text/event-stream", body: "retry: 50\n\n" });
    await reopened;
    return route.continue();
  });
  // Pages come by Load more alone: scrolled near the end, the wall would also load the next page by itself
  // (IntersectionObserver), at a moment of its own, and the pages shown at each step would be a race.
  await page.addInitScript(() => {
    Reflect.deleteProperty(window, "IntersectionObserver");
  });
  await page.goto(server.url);
  await page.getByRole("button", { name: "Top", exact: true }).click();
  await expect(wallLinks(page).first()).toHaveAttribute("href", topOrder[0] ?? "");
  await expect(wallLinks(page)).toHaveCount(GALLERY_PAGE_SIZE);
  await wall(page).getByRole("button", { name: "Load more" }).click();
  await expect(wallLinks(page)).toHaveCount(GALLERY_PAGE_SIZE * 2);
  await expect.poll(() => feeds).toBe(2);

  // A reaction while the feed is down reaches the wall only through the page asked for again when it opens.
  await request.post(`${server.url}/api/drawings/${leader}/reactions`, { data: { kind: "heart" } });
  reopen();
  await expect(countOf(card(page, leader), "heart")).toHaveText("1");
  expect(await shownHrefs(page)).toEqual(topOrder.slice(0, GALLERY_PAGE_SIZE * 2));

  await wall(page).getByRole("button", { name: "Load more" }).click();
  await expect(wallLinks(page)).toHaveCount(GALLERY_PAGE_SIZE * 2 + 3);
  expect(await shownHrefs(page)).toEqual(topOrder);
  await expect(wall(page).getByRole("button", { name: "Load more" })).toHaveCount(0);
});

test("a reaction the server refuses (429) goes back to the count shown before, and the visitor is told why", async ({
  page,
  request,
  launchWall,
}) => {
  const { server, first: drawing } = await launchWall(1);
  await request.post(`${server.url}/api/drawings/${drawing.id}/reactions`, { data: { kind: "fire" } });
  await page.route(`**/api/drawings/${drawing.id}/reactions`, (route) =>
    route.request().method() === "POST"
      ? route.fulfill({
          status: 429,
          contentType: "application/json",
          json: { statusCode: 429, code: "rate_limited", message: "Too many reactions." },
        })
      : route.continue(),
  );
  await page.goto(server.url);
  const onWall = card(page, drawing.id);
  const heart = onWall.locator('button[data-kind="heart"]');
  await expect(countOf(onWall, "heart")).toHaveText("0");
  await expect(countOf(onWall, "fire")).toHaveText("1");

  const refused = page.waitForResponse((answer) => answer.status() === 429);
  await heart.click();
  await refused;
  await expect(wall(page).locator("p[aria-live='polite']")).toHaveText(
    "Too many reactions just now — try again in a minute.",
  );
  await expect(countOf(onWall, "heart")).toHaveText("0");
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  await expect(countOf(onWall, "fire")).toHaveText("1");
});

test("a live reaction count renders only the card it changes, not every card on the wall", async ({
  page,
  request,
  launchWall,
}) => {
  const { server, drawings } = await launchWall(4);
  const changed = drawings[0]?.id ?? "";
  await page.goto(server.url);
  await expect(wallLinks(page)).toHaveCount(4);
  // React keeps a host element's current props on it (`__reactProps$…`), a new object each time the component
  // around it renders again: what each card's <li> holds now is kept to compare after the event.
  const propsOfCards = () =>
    wall(page)
      .locator("li.wall__item")
      .evaluateAll((cards) => {
        const page = window as { keptProps?: Map<Element, unknown> };
        page.keptProps ??= new Map();
        const kept = page.keptProps;
        return cards.map((li) => {
          const key = Object.keys(li).find((name) => name.startsWith("__reactProps$")) ?? "";
          const props = (li as unknown as Record<string, unknown>)[key];
          const same = kept.get(li) === props;
          kept.set(li, props);
          return { href: li.querySelector("a")?.getAttribute("href"), same };
        });
      });
  await propsOfCards();

  await request.post(`${server.url}/api/drawings/${changed}/reactions`, { data: { kind: "lol" } });
  await expect(countOf(card(page, changed), "lol")).toHaveText("1");
  const after = await propsOfCards();
  expect(after.filter((entry) => !entry.same).map((entry) => entry.href)).toEqual([`/d/${changed}`]);
});

test("a page still on its way when the visitor changes the view is cancelled, and the wall shows the new view", async ({
  page,
  request,
  launchWall,
}) => {
  const {
    server,
    drawings: [loved, , newest],
  } = await launchWall(3);
  if (loved === undefined || newest === undefined) throw new Error("no drawings");
  // Top puts the oldest drawing first, New the newest: a Top answer shown on New would show.
  await request.post(`${server.url}/api/drawings/${loved.id}/reactions`, { data: { kind: "heart" } });
  const cancelled: string[] = [];
  page.on("requestfailed", (failed) => {
    if (failed.url().includes("sort=top")) cancelled.push(failed.failure()?.errorText ?? "");
  });
  let topAsked = () => {};
  const topHeld = new Promise<void>((resolve) => {
    topAsked = resolve;
  });
  let releaseTop = () => {};
  const released = new Promise<void>((resolve) => {
    releaseTop = resolve;
  });
  await page.route(/\/api\/drawings\?.*sort=top/, async (route) => {
    topAsked();
    await released;
    // The page gave up on it: nothing is left to answer.
    await route.continue().catch(() => undefined);
  });
  await page.goto(server.url);
  await expect(wallLinks(page).first()).toHaveAttribute("href", `/d/${newest.id}`);

  await page.getByRole("button", { name: "Top", exact: true }).click();
  await topHeld;
  await page.getByRole("button", { name: "New", exact: true }).click();
  await expect.poll(() => cancelled).toEqual(["net::ERR_ABORTED"]);
  await expect(wallLinks(page)).toHaveCount(3);
  await expect(wallLinks(page).first()).toHaveAttribute("href", `/d/${newest.id}`);
  await expect(wall(page)).toHaveAttribute("aria-busy", "false");
  releaseTop();
  await expect(wallLinks(page).first()).toHaveAttribute("href", `/d/${newest.id}`);
  await expect(wallLinks(page)).toHaveCount(3);
});
