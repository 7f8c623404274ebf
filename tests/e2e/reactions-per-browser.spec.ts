import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { card, countOf, seedDrawing } from "./helpers/wall.ts";

// Two browsers on one machine share its address, as a family's, a school's or a phone carrier's visitors do.
// Each owns its reactions: what one gives, the other sees in the count but never as its own.

test("two browsers on one address each own their heart: the second sees 1 unpressed, its tap makes 2, and taking it back leaves the first one's", async ({
  browser,
  launchWall,
}) => {
  const { server, first: drawing } = await launchWall(1);
  const first = await browser.newContext();
  const second = await browser.newContext();
  const heartOn = (page: Page) => card(page, drawing.id).locator('button[data-kind="heart"]');
  try {
    const mine = await first.newPage();
    await mine.goto(server.url);
    await expect(countOf(card(mine, drawing.id), "heart")).toHaveText("0");
    await heartOn(mine).click();
    await expect(heartOn(mine)).toHaveAttribute("aria-pressed", "true");
    await expect(countOf(card(mine, drawing.id), "heart")).toHaveText("1");

    const theirs = await second.newPage();
    await theirs.goto(server.url);
    await expect(countOf(card(theirs, drawing.id), "heart")).toHaveText("1");
    await expect(heartOn(theirs)).toHaveAttribute("aria-pressed", "false");
    await heartOn(theirs).click();
    await expect(heartOn(theirs)).toHaveAttribute("aria-pressed", "true");
    await expect(countOf(card(theirs, drawing.id), "heart")).toHaveText("2");
    // The first browser hears the second heart live and keeps its own pressed.
    await expect(countOf(card(mine, drawing.id), "heart")).toHaveText("2");
    await expect(heartOn(mine)).toHaveAttribute("aria-pressed", "true");

    // On the drawing's own page the second browser finds its heart pressed, and taking it back takes only its own.
    const permalink = await second.newPage();
    await permalink.goto(`${server.url}/d/${drawing.id}`);
    const heart = permalink.locator('.reactions button[data-kind="heart"]');
    await expect(heart).toBeEnabled();
    await expect(heart).toHaveAttribute("aria-pressed", "true");
    await heart.click();
    await expect(heart).toHaveAttribute("aria-pressed", "false");
    await expect(countOf(permalink.locator(".reactions"), "heart")).toHaveText("1");
    await expect(countOf(card(mine, drawing.id), "heart")).toHaveText("1");
    await mine.reload();
    await expect(heartOn(mine)).toHaveAttribute("aria-pressed", "true");
    await expect(countOf(card(mine, drawing.id), "heart")).toHaveText("1");
    // The cookie that tells the browsers apart is the server's alone: no script of the page can read it.
    expect(await mine.evaluate(() => document.cookie)).toBe("");
    expect(
      (await first.cookies()).map(({ name, httpOnly, sameSite }) => ({ name, httpOnly, sameSite })),
    ).toEqual([{ name: "fanvas_visitor", httpOnly: true, sameSite: "Lax" }]);
  } finally {
    await first.close();
    await second.close();
  }
});

test("past REACTION_BROWSERS_PER_ADDRESS a browser's tap goes back and the wall and the permalink page say why", async ({
  browser,
  request,
  launchServer,
}) => {
  const server = await launchServer({ env: { REACTION_BROWSERS_PER_ADDRESS: "1" } });
  const drawing = await seedDrawing(request, server.url);
  const first = await browser.newContext();
  const second = await browser.newContext();
  const WHY = "Enough people on your network have reacted to this drawing already — yours can't be counted.";
  try {
    const mine = await first.newPage();
    await mine.goto(server.url);
    const myFire = card(mine, drawing.id).locator('button[data-kind="fire"]');
    await myFire.click();
    await expect(countOf(card(mine, drawing.id), "fire")).toHaveText("1");

    const theirs = await second.newPage();
    await theirs.goto(server.url);
    const theirFire = card(theirs, drawing.id).locator('button[data-kind="fire"]');
    await expect(countOf(card(theirs, drawing.id), "fire")).toHaveText("1");
    await theirFire.click();
    const notice = theirs.locator(".wall-notice");
    await expect(notice).toHaveText(WHY);
    await expect(notice).toBeInViewport();
    await expect(theirFire).toHaveAttribute("aria-pressed", "false");
    await expect(countOf(card(theirs, drawing.id), "fire")).toHaveText("1");

    const permalink = await second.newPage();
    await permalink.goto(`${server.url}/d/${drawing.id}`);
    const fire = permalink.locator('.reactions button[data-kind="fire"]');
    await expect(fire).toBeEnabled();
    await fire.click();
    await expect(permalink.locator(".reactions__notice")).toHaveText(WHY);
    await expect(fire).toHaveAttribute("aria-pressed", "false");
    await expect(countOf(permalink.locator(".reactions"), "fire")).toHaveText("1");
  } finally {
    await first.close();
    await second.close();
  }
});
