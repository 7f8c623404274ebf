import type { BrowserContext, BrowserContextOptions, Page } from "@playwright/test";
import { test as base, expect } from "../fixtures.ts";
import { openDrawingPage } from "./page.ts";

// Live rooms with real browsers: each visitor a Chromium context of its own, in one room.

/** Opens more visitors' browser contexts; each is closed when the test ends. */
export interface Visitors {
  open(options: BrowserContextOptions): Promise<BrowserContext>;
}

// A context left open keeps its pages' event streams: every later test on the worker's server, whose visitors
// all share one address, would find that address's streams taken.
export const test = base.extend<{ visitors: Visitors }>({
  visitors: async ({ browser }, use) => {
    const opened: BrowserContext[] = [];
    await use({
      open: async (options) => {
        const context = await browser.newContext(options);
        opened.push(context);
        return context;
      },
    });
    await Promise.all(opened.map((context) => context.close()));
  },
});

/** Waits until `page` is in its room with drawing open to everyone. */
export async function expectEveryoneDraws(page: Page, options?: { timeout: number }): Promise<void> {
  await expect(page.getByTestId("room-status")).toContainText("Everyone here draws", options);
}

/** Starts a room from the drawing page with its "Draw together" button; the host's page lands in it. */
export async function startRoom(page: Page, home = "/"): Promise<string> {
  await openDrawingPage(page, home);
  return drawTogether(page);
}

/** Presses "Draw together" on a drawing page: the page lands in its new room, as its host; returns the room's path. */
export async function drawTogether(page: Page): Promise<string> {
  await page.getByRole("button", { name: "Draw together" }).click();
  await page.waitForURL(/\/r\/[A-Za-z0-9_-]{22}$/);
  await expectEveryoneDraws(page);
  return new URL(page.url()).pathname;
}

/** A page in a new visitor's browser context (a desktop window), not yet opened on anything. */
export async function newVisitorPage(visitors: Visitors, baseURL: string): Promise<Page> {
  return (await visitors.open({ baseURL, viewport: { width: 1280, height: 1000 } })).newPage();
}

/** A second visitor (a browser context of its own) opening the room's link. */
export async function joinRoom(visitors: Visitors, baseURL: string, path: string): Promise<Page> {
  const page = await newVisitorPage(visitors, baseURL);
  await openDrawingPage(page, path);
  await expectEveryoneDraws(page);
  return page;
}

/** A visitor on a phone (390 x 844, touch, three device pixels a pixel) opening the room's link. */
export async function joinRoomOnPhone(visitors: Visitors, baseURL: string, path: string): Promise<Page> {
  const phone = await (
    await visitors.open({
      baseURL,
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      hasTouch: true,
      isMobile: true,
    })
  ).newPage();
  await openDrawingPage(phone, path);
  await expectEveryoneDraws(phone);
  return phone;
}

/** `page` starts a room from `home` (the test's server unless told) and one guest joins it at `baseURL`. */
export async function startRoomWithGuest(
  page: Page,
  visitors: Visitors,
  baseURL: string | undefined,
  home = "/",
): Promise<{ path: string; guest: Page }> {
  const path = await startRoom(page, home);
  return { path, guest: await joinRoom(visitors, baseURL as string, path) };
}
