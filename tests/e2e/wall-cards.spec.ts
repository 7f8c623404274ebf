import { DatabaseSync } from "node:sqlite";
import type { Locator } from "@playwright/test";
import { formatDrawingDate } from "../../src/common/drawing-date.ts";
import { expect, test } from "./fixtures.ts";
import { openDrawingPage } from "./helpers/page.ts";
import { saveAndStore } from "./helpers/save.ts";
import { drawSomething } from "./helpers/strokes.ts";
import { card, wall } from "./helpers/wall.ts";

// A wall card shows the whole picture: no badge or button covers a meme's top text.

type Box = { x: number; y: number; width: number; height: number };

function overlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (box === null) throw new Error(`${locator} has no box`);
  return box;
}

for (const [width, height, touch] of [
  [1366, 768, false],
  [390, 844, true],
  [1920, 1080, false],
] as const) {
  test.describe(`at ${width}x${height}`, () => {
    test.use({
      viewport: { width, height },
      ...(touch ? { isMobile: true, hasTouch: true, deviceScaleFactor: 3 } : {}),
    });

    test("no chip, button or mark of a card lies on its picture, the visitor's own card included", async ({
      page,
      launchWall,
    }) => {
      const { server } = await launchWall(2);
      await openDrawingPage(page, server.url);
      await drawSomething(page);
      const saved = await saveAndStore(page);
      await page.keyboard.press("Escape");
      const mine = card(page, saved.id);
      await expect(mine.getByText("Yours", { exact: true })).toBeVisible();
      await expect(wall(page).locator("li")).toHaveCount(3);
      for (const item of await wall(page).locator("li").all()) {
        await item.scrollIntoViewIfNeeded();
        const picture = await boxOf(item.locator("img"));
        // What shows on the card (the report menu's own buttons are closed).
        const marks = item
          .locator(".wall__badge, .wall__age, a:not(.wall__link), button")
          .filter({ visible: true });
        expect(await marks.count()).toBeGreaterThanOrEqual(5);
        for (const mark of await marks.all()) {
          expect(overlap(await boxOf(mark), picture), `${await mark.textContent()} over the picture`).toBe(
            false,
          );
        }
      }
    });
  });
}

test.describe("in the visitor's own language and time zone", () => {
  test.use({ locale: "de-DE", timezoneId: "Europe/Berlin" });

  test("each card's Remix and menu name their drawing, and the wall and the permalink write its date the same way", async ({
    page,
    launchWall,
  }) => {
    const { server, drawings } = await launchWall(2);
    // Two drawings made a day apart, as on any wall: their names must tell them apart.
    // The server's background work (thumbnails, cards) may be writing: wait for its lock rather than fail.
    const db = new DatabaseSync(`${server.dataDir}/fanvas.sqlite`, { timeout: 10_000 });
    const times = ["2026-11-20T09:30:00.000Z", "2026-11-21T18:05:00.000Z"];
    for (const [index, drawing] of drawings.entries()) {
      db.prepare("UPDATE drawings SET created_at = ? WHERE id = ?").run(times[index] ?? "", drawing.id);
    }
    db.close();

    await openDrawingPage(page, server.url);
    const names: string[] = [];
    for (const [index, drawing] of drawings.entries()) {
      const date = formatDrawingDate(new Date(times[index] ?? ""), "de-DE", "Europe/Berlin");
      const item = card(page, drawing.id);
      await expect(
        item.getByRole("link", { name: `Remix the fan drawing from ${date}`, exact: true }),
      ).toBeVisible();
      await expect(
        item.getByRole("button", { name: `More actions for the fan drawing from ${date}` }),
      ).toBeVisible();
      await expect(item.getByRole("img")).toHaveAccessibleName(`The fan drawing from ${date}`);
      await expect(item.locator("time")).toHaveAttribute("title", date);
      names.push(date);
    }
    expect(new Set(names).size).toBe(2);

    const [first] = drawings;
    await page.goto(`${server.url}/d/${first?.id}`);
    await expect(page.locator(".permalink__meta time")).toHaveText(names[0] ?? "");
  });
});
