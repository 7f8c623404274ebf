import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures.ts";
import { canvasGeometry, choose, openDrawingPage, readCanvasPixels, toViewport } from "./helpers/page.ts";
import { compareBitmaps, type Pixels } from "./helpers/pixels.ts";
import { mouseStroke } from "./helpers/strokes.ts";

// Live rooms with real browsers: two (or three) Chromium contexts, each a visitor of its own, drawing with real
// pointer input on one room's canvas. The pixels of every visitor's canvas must end up equal.

/** Starts a room from the drawing page with its "Draw together" button; the host's page lands in it. */
async function startRoom(page: Page): Promise<string> {
  await openDrawingPage(page);
  await page.getByRole("button", { name: "Draw together" }).click();
  await page.waitForURL(/\/r\/[A-Za-z0-9_-]{22}$/);
  await expect(page.getByTestId("room-status")).toContainText("Everyone here draws");
  return new URL(page.url()).pathname;
}

/** A second visitor (a browser context of its own) opening the room's link. */
async function joinRoom(browser: Browser, baseURL: string, path: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 1000 } });
  const page = await context.newPage();
  await openDrawingPage(page, path);
  await expect(page.getByTestId("room-status")).toContainText("Everyone here draws");
  return page;
}

/** Waits until every page's canvas shows the same pixels; returns them. */
async function expectSamePictures(pages: readonly Page[]): Promise<Pixels> {
  let pictures: Pixels[] = [];
  await expect
    .poll(
      async () => {
        pictures = await Promise.all(pages.map((page) => readCanvasPixels(page)));
        const [first, ...rest] = pictures;
        return rest.map((other) => compareBitmaps(first as Pixels, other).differingPixels);
      },
      { timeout: 15_000 },
    )
    .toEqual(pages.slice(1).map(() => 0));
  return pictures[0] as Pixels;
}

const across = (y: number) => [
  { x: 80, y },
  { x: 520, y },
];

test("two visitors draw at once: each sees the other's stroke before its release, and both canvases end equal", async ({
  page,
  browser,
  baseURL,
}) => {
  const path = await startRoom(page);
  const guest = await joinRoom(browser, baseURL as string, path);
  await expect(page.getByTestId("room-count")).toHaveText("2 here");
  await choose(page, "red", 12);
  await choose(guest, "blue", 12);

  // The guest presses and moves, and holds: the host sees the stroke on its way.
  const geometry = await canvasGeometry(guest);
  const start = toViewport(geometry, { x: 100, y: 300 });
  await guest.mouse.move(start.x, start.y);
  await guest.mouse.down();
  for (let x = 100; x <= 500; x += 20) {
    const point = toViewport(geometry, { x, y: 300 });
    await guest.mouse.move(point.x, point.y);
  }
  await expect
    .poll(() => page.locator(".room-live__strokes").evaluate(liveInkOf), { timeout: 10_000 })
    .toBeGreaterThan(100);
  // Meanwhile the host draws too, while the guest's button is still down.
  await mouseStroke(page, [
    { x: 300, y: 60 },
    { x: 300, y: 560 },
  ]);
  await guest.mouse.up();
  await mouseStroke(guest, across(450));
  await mouseStroke(page, across(150));

  const picture = await expectSamePictures([page, guest]);
  const first = await readCanvasPixels(await blankPage(browser, baseURL as string));
  expect(compareBitmaps(first, picture).differingPixels).toBeGreaterThan(1000);
});

/** Non-transparent pixels of the live layer's canvas (runs in the page). */
function liveInkOf(element: Element): number {
  const canvas = element as HTMLCanvasElement;
  const data = canvas.getContext("2d")?.getImageData(0, 0, canvas.width, canvas.height).data ?? [];
  let ink = 0;
  for (let index = 3; index < data.length; index += 4) if ((data[index] ?? 0) > 0) ink += 1;
  return ink;
}

/** A fresh visitor's drawing page (the mascot's first display). */
async function blankPage(browser: Browser, baseURL: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL, viewport: { width: 1280, height: 1000 } })).newPage();
  await openDrawingPage(page);
  return page;
}
