import type { Page } from "@playwright/test";
import type { Point } from "../../../src/client/engine/types.ts";
import { expect, test } from "../fixtures.ts";
import { canvasGeometry, choose, openDrawingPage, toViewport } from "../helpers/page.ts";
import { hexToRgba, type Pixels, pixelAt, pixelAtCanvasPoint, scaleOf } from "../helpers/pixels.ts";
import { chooseTool, waitForCanvasChange } from "../helpers/tools.ts";

/**
 * The default mascot's parts as the canvas shows them (mirrored): a point inside each, the box (left, top,
 * right, bottom, drawing pixels, a few pixels beyond its outline) nothing outside of may change when it is
 * filled, and about how many pixels it has inside its outline.
 */
const PARTS: readonly { name: string; at: Point; box: readonly number[]; area: number }[] = [
  { name: "belly", at: { x: 300, y: 440 }, box: [198, 376, 402, 504], area: 16_000 },
  { name: "body", at: { x: 300, y: 300 }, box: [140, 188, 460, 528], area: 44_000 },
  { name: "left glass", at: { x: 250, y: 240 }, box: [194, 212, 270, 288], area: 2_300 },
  { name: "right glass", at: { x: 386, y: 240 }, box: [330, 212, 406, 288], area: 2_300 },
  { name: "hat", at: { x: 376, y: 180 }, box: [330, 75, 425, 215], area: 1_400 },
  { name: "speech bubble", at: { x: 570, y: 100 }, box: [398, 46, 588, 206], area: 11_000 },
  { name: "arm", at: { x: 130, y: 300 }, box: [84, 246, 176, 354], area: 3_300 },
];

/** Points of the white around the mascot: corners, edges, and the gaps between its parts. */
const WHITE_AROUND: readonly Point[] = [
  { x: 5, y: 5 },
  { x: 595, y: 5 },
  { x: 5, y: 595 },
  { x: 595, y: 595 },
  { x: 300, y: 30 },
  { x: 40, y: 300 },
  { x: 560, y: 300 },
  { x: 300, y: 590 },
  { x: 300, y: 200 },
  { x: 480, y: 240 },
];

const ORANGE = hexToRgba("#ffa500");
const WHITE = hexToRgba("#ffffff");

/** How many pixels differ between two bitmaps, and how many of them lie outside `box` (drawing pixels). */
function changes(before: Pixels, after: Pixels, box: readonly number[]) {
  const s = scaleOf(after);
  const [left = 0, top = 0, right = 0, bottom = 0] = box.map((edge) => edge * s);
  let inside = 0;
  const outside: string[] = [];
  for (let y = 0; y < after.height; y++) {
    for (let x = 0; x < after.width; x++) {
      if (pixelAt(before, x, y).join() === pixelAt(after, x, y).join()) continue;
      if (x >= left && x < right && y >= top && y < bottom) inside++;
      else if (outside.length < 5) outside.push(`${x / s},${y / s}`);
    }
  }
  return { inside: inside / (s * s), outside };
}

/** Fills each part of the default mascot in turn with `press`, checking only that part turned orange. */
async function fillEveryPart(page: Page, press: (at: Point) => Promise<void>): Promise<void> {
  let before = await openDrawingPage(page);
  await choose(page, "orange");
  await chooseTool(page, "Fill");
  const geometry = await canvasGeometry(page);
  for (const part of PARTS) {
    await press(toViewport(geometry, part.at));
    const after = await waitForCanvasChange(page, before, 0);
    const changed = changes(before, after, part.box);
    expect(pixelAtCanvasPoint(after, part.at), `${part.name} is orange`).toEqual(ORANGE);
    expect(changed.outside, `${part.name}: nothing changes outside it`).toEqual([]);
    expect(changed.inside, `${part.name}: about all of it is coloured`).toBeGreaterThan(part.area * 0.9);
    for (const other of PARTS.slice(PARTS.indexOf(part) + 1))
      expect(pixelAtCanvasPoint(after, other.at), `${other.name} after the ${part.name}`).not.toEqual(ORANGE);
    for (const point of WHITE_AROUND)
      expect(pixelAtCanvasPoint(after, point), `white at ${point.x},${point.y}`).toEqual(WHITE);
    before = after;
  }
}

test("Fill colours in each part of the default mascot alone, and the white around it stays white", async ({
  page,
}) => {
  await fillEveryPart(page, (at) => page.mouse.click(at.x, at.y));
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });

  test("a tap with Fill colours in the part of the mascot under the finger, and nothing else", async ({
    page,
  }) => {
    await fillEveryPart(page, (at) => page.touchscreen.tap(at.x, at.y));
  });
});
