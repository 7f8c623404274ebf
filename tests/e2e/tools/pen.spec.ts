import type { Page } from "@playwright/test";
import type { Point } from "../../../src/client/engine/types.ts";
import { expect, test } from "../fixtures.ts";
import { reloadRestored, waitForBackupOf } from "../helpers/backup.ts";
import { canvasGeometry, choose, openBlankPage, readCanvasPixels, toViewport } from "../helpers/page.ts";
import { paletteRgba } from "../helpers/palette.ts";
import { compareBitmaps, inkAcross } from "../helpers/pixels.ts";

/**
 * A stroke from a pen (or a mouse) through the browser's own input pipeline (DevTools protocol events), with
 * the pen's force rising from `fromForce` to `toForce` along the path (canvas units).
 */
async function deviceStroke(
  page: Page,
  pointerType: "pen" | "mouse",
  path: readonly [Point, Point],
  fromForce: number,
  toForce: number,
): Promise<void> {
  const geometry = await canvasGeometry(page);
  const session = await page.context().newCDPSession(page);
  const steps = 60;
  const at = (t: number) =>
    toViewport(geometry, {
      x: path[0].x + (path[1].x - path[0].x) * t,
      y: path[0].y + (path[1].y - path[0].y) * t,
    });
  const force = (t: number) => (pointerType === "pen" ? fromForce + (toForce - fromForce) * t : undefined);
  const send = (
    type: "mouseMoved" | "mousePressed" | "mouseReleased",
    t: number,
    press: { button: "none" | "left"; buttons?: number; clickCount?: number; force?: number | undefined },
  ) => session.send("Input.dispatchMouseEvent", { type, ...at(t), pointerType, ...press });
  await send("mouseMoved", 0, { button: "none" });
  await send("mousePressed", 0, { button: "left", buttons: 1, clickCount: 1, force: force(0) });
  for (let step = 1; step <= steps; step++) {
    await send("mouseMoved", step / steps, { button: "left", buttons: 1, force: force(step / steps) });
  }
  await send("mouseReleased", 1, { button: "left", buttons: 0, clickCount: 1 });
  await session.detach();
}

test("a pen stroke pressed harder and harder grows wider, while a mouse stroke keeps the brush's width", async ({
  page,
}) => {
  const blank = await openBlankPage(page);
  await choose(page, "black", 8);
  await deviceStroke(
    page,
    "pen",
    [
      { x: 80, y: 200 },
      { x: 520, y: 200 },
    ],
    0.05,
    1,
  );
  const penOnly = await readCanvasPixels(page);
  await deviceStroke(
    page,
    "mouse",
    [
      { x: 80, y: 420 },
      { x: 520, y: 420 },
    ],
    0,
    0,
  );
  const after = await readCanvasPixels(page);
  const black = paletteRgba("black");

  const penEarly = inkAcross(blank, penOnly, 140, black);
  const penLate = inkAcross(blank, penOnly, 460, black);
  // About 0.55x then 1.45x of 8 px: clearly wider late, and within the 0.5x..1.5x band.
  expect(penEarly).toBeGreaterThan(8 * 0.45);
  expect(penEarly).toBeLessThan(8 * 0.8);
  expect(penLate).toBeGreaterThan(8 * 1.2);
  expect(penLate).toBeLessThan(8 * 1.55);
  for (const x of [140, 300, 460])
    expect(inkAcross(penOnly, after, x, black), `mouse width at ${x}`).toBeCloseTo(8, 0);

  // The pen's stroke, pressure and all, survives a reload through the backup.
  await waitForBackupOf(page, after);
  expect(compareBitmaps(after, await reloadRestored(page)).differingPixels).toBe(0);
});
