import type { SavedDrawing } from "../../src/common/api.ts";
import { expect, test } from "./fixtures.ts";
import { axeViolations } from "./helpers/axe.ts";
import { waitForBackupOf } from "./helpers/backup.ts";
import { drawingCanvas, readCanvasPixels } from "./helpers/page.ts";
import { colourDistance, pixelAtCanvasPoint } from "./helpers/pixels.ts";
import { BLUE, isNear, lopsidedPng, RED, WHITE } from "./helpers/remix.ts";
import { nextUpload, SAVED_TEXT, saveImage } from "./helpers/save.ts";
import { mouseStroke } from "./helpers/strokes.ts";
import { card, countOf, saveDrawing, wall } from "./helpers/wall.ts";

test("a reaction on one page changes the count live on another: wall card to permalink page and back", async ({
  page,
  context,
  launchWall,
}) => {
  const { server, first: drawing } = await launchWall(1);
  await page.goto(server.url);
  const onWall = card(page, drawing.id);
  await expect(countOf(onWall, "heart")).toHaveText("0");
  const permalink = await context.newPage();
  await permalink.goto(`${server.url}/d/${drawing.id}`);
  const onPermalink = permalink.locator(".reactions");
  // Enabled once the page has read this visitor's reactions; its event stream is open by then.
  await expect(onPermalink.locator('button[data-kind="fire"]')).toBeEnabled();

  await onWall.locator('button[data-kind="heart"]').click();
  await expect(onWall.locator('button[data-kind="heart"]')).toHaveAttribute("aria-pressed", "true");
  await expect(countOf(onWall, "heart")).toHaveText("1");
  await expect(countOf(onPermalink, "heart")).toHaveText("1");

  await onPermalink.locator('button[data-kind="fire"]').click();
  await expect(countOf(onPermalink, "fire")).toHaveText("1");
  await expect(countOf(onWall, "fire")).toHaveText("1");
  // Taking the heart back on the wall reaches the permalink page too.
  await onWall.locator('button[data-kind="heart"]').click();
  await expect(countOf(onPermalink, "heart")).toHaveText("0");
  await expect(onWall.locator('button[data-kind="heart"]')).toHaveAttribute("aria-pressed", "false");
});

test("Top shows the most reacted drawings first, this week and all time", async ({
  page,
  request,
  launchWall,
}) => {
  const {
    server,
    drawings: [quiet, loved, liked],
  } = await launchWall(3);
  if (quiet === undefined || loved === undefined || liked === undefined) throw new Error("no drawings");
  for (const kind of ["heart", "fire", "lol"])
    await request.post(`${server.url}/api/drawings/${loved.id}/reactions`, { data: { kind } });
  await request.post(`${server.url}/api/drawings/${liked.id}/reactions`, { data: { kind: "heart" } });
  // Every view hears the same live feed: changing the view keeps the one stream.
  const streams: string[] = [];
  page.on("request", (sent) => {
    if (new URL(sent.url()).pathname === "/api/events") streams.push(sent.url());
  });
  await page.goto(server.url);
  const firstCards = wall(page).locator("li a[href^='/d/']");
  // New: newest first.
  await expect(firstCards.first()).toHaveAttribute("href", `/d/${liked.id}`);
  // A view on its way is never announced as an empty wall.
  await page.evaluate(() => {
    new MutationObserver(() => {
      if (document.querySelector(".wall__empty")) document.body.dataset.emptyShown = "true";
    }).observe(document.body, { subtree: true, childList: true });
  });
  await page.getByRole("button", { name: "Top", exact: true }).click();
  await expect(page.getByRole("button", { name: "This week" })).toHaveAttribute("aria-pressed", "true");
  await expect(firstCards.nth(0)).toHaveAttribute("href", `/d/${loved.id}`);
  await expect(firstCards.nth(1)).toHaveAttribute("href", `/d/${liked.id}`);
  await expect(firstCards.nth(2)).toHaveAttribute("href", `/d/${quiet.id}`);
  await expect(countOf(card(page, loved.id), "lol")).toHaveText("1");
  await page.getByRole("button", { name: "All time" }).click();
  await expect(page.getByRole("button", { name: "All time" })).toHaveAttribute("aria-pressed", "true");
  await expect(firstCards.nth(0)).toHaveAttribute("href", `/d/${loved.id}`);
  await expect(firstCards).toHaveCount(3);
  await page.getByRole("button", { name: "New", exact: true }).click();
  await expect(firstCards.first()).toHaveAttribute("href", `/d/${liked.id}`);
  expect(streams).toHaveLength(1);
  await expect(page.locator("body")).not.toHaveAttribute("data-empty-shown");
});

test("Remix starts from the drawing as it was drawn, Clear comes back to it, and the save links both ways", async ({
  page,
  request,
  baseURL,
}) => {
  const original = await saveDrawing(request, baseURL ?? "", await lopsidedPng());
  await page.goto(`/d/${original.id}`);
  await page.getByRole("link", { name: "Remix it" }).click();
  await expect(page).toHaveURL(`/?remix=${original.id}`);
  const canvas = drawingCanvas(page);
  await expect(canvas).toHaveAttribute("data-restored", "true");
  // Not mirrored, and no mascot: red top left, blue bottom right, white between.
  await expect.poll(() => isNear(page, 120, 120, RED)).toBe(true);
  expect(await isNear(page, 480, 480, BLUE)).toBe(true);
  expect(await isNear(page, 480, 120, WHITE)).toBe(true);
  expect(await isNear(page, 300, 300, WHITE)).toBe(true);

  await mouseStroke(page, [
    { x: 250, y: 300 },
    { x: 350, y: 300 },
  ]);
  expect(await isNear(page, 300, 300, WHITE)).toBe(false);
  await page.getByRole("button", { name: "Clear", exact: true }).click();
  expect(await isNear(page, 300, 300, WHITE)).toBe(true);
  expect(await isNear(page, 120, 120, RED)).toBe(true);

  await mouseStroke(page, [
    { x: 250, y: 300 },
    { x: 350, y: 300 },
  ]);
  const upload = nextUpload(page);
  await saveImage(page);
  const answer = await upload;
  expect(new URL(answer.url()).searchParams.get("remixOf")).toBe(original.id);
  const remix = (await answer.json()) as SavedDrawing;
  await expect(page.getByRole("status").filter({ hasText: SAVED_TEXT })).toBeVisible();

  await page.goto(`/d/${remix.id}`);
  await expect(page.getByText("Remix of")).toBeVisible();
  await page.getByRole("link", { name: "this drawing" }).click();
  await expect(page).toHaveURL(`/d/${original.id}`);
  await expect(page.getByRole("heading", { name: "1 remix" })).toBeVisible();
  await expect(page.locator(`.permalink__remixes a[href="/d/${remix.id}"]`)).toBeVisible();
});

test("Remix on a wall card opens the drawing page with that drawing; a drawing on the canvas is kept unless the visitor agrees", async ({
  page,
  request,
  baseURL,
}) => {
  const original = await saveDrawing(request, baseURL ?? "", await lopsidedPng());
  await page.goto("/");
  await expect(drawingCanvas(page)).toHaveAttribute("data-restored", "true");
  // Something of the visitor's own on the canvas, kept in the browser's backup.
  await mouseStroke(page, [
    { x: 250, y: 300 },
    { x: 350, y: 300 },
  ]);
  await waitForBackupOf(page, await readCanvasPixels(page));
  const remixLink = card(page, original.id).getByRole("link", { name: /^Remix the fan drawing from / });
  await expect(remixLink).toHaveAttribute("href", `/?remix=${original.id}`);
  // Declined: the visitor's drawing stays and the page forgets the remix.
  page.once("dialog", (dialog) => void dialog.dismiss());
  await remixLink.click();
  await expect(page).toHaveURL("/");
  const at = async (x: number, y: number) => pixelAtCanvasPoint(await readCanvasPixels(page), { x, y });
  await expect.poll(async () => colourDistance(await at(300, 300), WHITE) > 40).toBe(true);
  expect(colourDistance(await at(120, 120), RED)).toBeGreaterThan(40);
  // Accepted: the remix replaces it.
  page.once("dialog", (dialog) => void dialog.accept());
  await page.goto(`/?remix=${original.id}`);
  await expect.poll(() => isNear(page, 120, 120, RED)).toBe(true);
  expect(await isNear(page, 300, 300, WHITE)).toBe(true);
});

for (const [width, height] of [
  [1366, 768],
  [390, 844],
] as const) {
  test(`the wall's reactions, Remix and Top at ${width}x${height}: no axe violation; screenshots to look at`, async ({
    page,
    request,
    launchWall,
  }, testInfo) => {
    const { server, drawings } = await launchWall(6);
    for (const [index, kind] of ["heart", "fire", "lol", "heart"].entries())
      await request.post(`${server.url}/api/drawings/${drawings[index % 2]?.id}/reactions`, {
        data: { kind },
      });
    await page.setViewportSize({ width, height });
    await page.goto(server.url);
    await page.getByRole("button", { name: "Top", exact: true }).click();
    await expect(wall(page).locator("li")).toHaveCount(6);
    await wall(page).scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`wall-${width}.png`) });
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`${server.url}/d/${drawings[0]?.id}`);
    await expect(page.locator('.reactions button[data-kind="heart"]')).toBeEnabled();
    await page.screenshot({ path: testInfo.outputPath(`permalink-${width}.png`), fullPage: true });
    expect(await axeViolations(page)).toEqual([]);
  });
}
