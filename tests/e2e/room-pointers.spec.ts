import type { Locator, Page } from "@playwright/test";
import { CANVAS_SIZE } from "../../src/common/constants.ts";
import { expect } from "./fixtures.ts";
import { canvasGeometry, toViewport } from "./helpers/page.ts";
import { joinRoomOnPhone, startRoom, test } from "./helpers/rooms.ts";

// Someone's pointer in a room, as the others see it: a dot in their colour with their name beside it, drawn over
// the canvas, whose edge cuts off whatever lies past it.

const LONG_NAME = "Bartholomew Featherstone";

/** Where the desktop visitor's pointer goes, in drawing units: every edge and corner, and the middle. */
const PLACES = [
  { x: 300, y: 300 },
  { x: 595, y: 300 },
  { x: 595, y: 595 },
  { x: 300, y: 595 },
  { x: 5, y: 595 },
  { x: 5, y: 5 },
  { x: 595, y: 5 },
];

/** The box of `locator`, which must be on the page. */
async function boxOf(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = await locator.boundingBox();
  if (box === null) throw new Error("the element has no box");
  return box;
}

/** How far the name's tag reaches past the live layer's box (0 when it is whole inside it). */
async function overflowOf(phone: Page): Promise<number> {
  const layer = await boxOf(phone.locator(".room-live"));
  const tag = await boxOf(phone.locator(".room-live__pointer"));
  return Math.max(
    0,
    layer.x - tag.x,
    layer.y - tag.y,
    tag.x + tag.width - (layer.x + layer.width),
    tag.y + tag.height - (layer.y + layer.height),
  );
}

/** Where the tag's pointer is, in drawing units, as the page placed it. */
function pointerPlace(tag: Locator): Promise<{ x: number; y: number }> {
  return tag.evaluate(
    (element: HTMLElement, size) => ({
      x: Math.round((Number.parseFloat(element.style.left) * size) / 100),
      y: Math.round((Number.parseFloat(element.style.top) * size) / 100),
    }),
    CANVAS_SIZE,
  );
}

test("someone's pointer at any edge of a phone's drawing shows their name whole on it, a long one shortened", async ({
  page,
  visitors,
  baseURL,
}) => {
  const path = await startRoom(page);
  const name = page.getByRole("textbox", { name: "Your name" });
  await name.fill(LONG_NAME);
  await name.press("Enter");
  const phone = await joinRoomOnPhone(visitors, baseURL as string, path);
  await expect(phone.getByText(LONG_NAME, { exact: false }).first()).toBeVisible();

  const geometry = await canvasGeometry(page);
  const pointer = phone.locator(".room-live__pointer");
  for (const place of PLACES) {
    const at = toViewport(geometry, place);
    // Moves in quick succession: a pointer is sent a few times a second, and the place it rests on always.
    await page.mouse.move(at.x, at.y, { steps: 4 });
    await expect(pointer).toBeVisible();
    await expect.poll(() => pointerPlace(pointer)).toEqual(place);
    await expect.poll(() => overflowOf(phone), { message: `the name at ${place.x}, ${place.y}` }).toBe(0);
  }
  // On the phone the long name is shown shortened (its text runs past its box, cut with an ellipsis); the tag
  // still holds all of it.
  const nameTag = phone.locator(".room-live__name");
  await expect(nameTag).toHaveText(LONG_NAME);
  expect(await nameTag.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
});
