import type { Page } from "@playwright/test";
import type { Point } from "../../../src/client/engine/types.ts";
import { devToolsOf, type RawMouseEvent, sendMouseEvent } from "./devtools.ts";
import { canvasToViewport, choose, readCanvasPixels } from "./page.ts";
import type { Pixels } from "./pixels.ts";

/** Viewport points spaced about `step` CSS pixels apart along a polyline, first and last points included. */
export function densify(path: readonly Point[], step = 4): Point[] {
  const points: Point[] = [];
  for (let i = 0; i + 1 < path.length; i++) {
    const a = path[i] as Point;
    const b = path[i + 1] as Point;
    const n = Math.max(1, Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / step));
    for (let k = i === 0 ? 0 : 1; k <= n; k++)
      points.push({ x: a.x + ((b.x - a.x) * k) / n, y: a.y + ((b.y - a.y) * k) / n });
  }
  return points.length > 0 ? points : [...path];
}

/** A polyline in canvas units as the viewport points a stroke passes, about `step` CSS pixels apart; never empty. */
async function strokeInViewport(
  page: Page,
  path: readonly Point[],
  step: number,
): Promise<[Point, ...Point[]]> {
  const [first, ...rest] = densify(path.map(await canvasToViewport(page)), step);
  if (!first) throw new Error("A stroke needs at least one point");
  return [first, ...rest];
}

/**
 * Draws with the mouse along a polyline given in canvas units: press, move through points about `step` CSS pixels
 * apart, release.
 *
 * The input events are sent all at once, as the operating system hands a fast hand's or a high-rate mouse's
 * positions to the browser: Chromium gives the page each frame's moves as one pointermove listing every position
 * (getCoalescedEvents), and the engine draws each of them, so the pixels are exactly those of one move per frame.
 * Awaiting each move instead waits a frame per move (about 17 ms here: 1.7 s for a 100-point stroke, 60 ms this
 * way). Playwright's page.mouse is not told of these events; tests that need a frame between moves use it.
 */
export async function mouseStroke(page: Page, path: readonly Point[], step = 8): Promise<void> {
  const [first, ...rest] = await strokeInViewport(page, path, step);
  const last = rest.at(-1) ?? first;
  const send = (event: RawMouseEvent) => sendMouseEvent(page, event);
  // Each answer comes once the page has handled its event, so every move is drawn when all have answered.
  await Promise.all([
    send({ type: "mouseMoved", ...first, button: "none", buttons: 0 }),
    send({ type: "mousePressed", ...first, button: "left", buttons: 1, clickCount: 1 }),
    ...rest.map((p) => send({ type: "mouseMoved", ...p, button: "left", buttons: 1 })),
    send({ type: "mouseReleased", ...last, button: "left", buttons: 0, clickCount: 1 }),
  ]);
}

/**
 * The same stroke as mouseStroke, through Playwright's mouse: each move is handled, in a frame of its own, before
 * the next is sent, as a slow hand gives them.
 */
export async function mouseStrokeMoveByMove(page: Page, path: readonly Point[], step = 8): Promise<void> {
  const [first, ...rest] = await strokeInViewport(page, path, step);
  await page.mouse.move(first.x, first.y);
  await page.mouse.down();
  for (const p of rest) await page.mouse.move(p.x, p.y);
  await page.mouse.up();
}

/** Chooses a colour and brush size, draws one mouse stroke with them and returns the canvas as it then is. */
export async function drawStroke(
  page: Page,
  colourName: string,
  size: number,
  path: readonly Point[],
): Promise<Pixels> {
  await choose(page, colourName, size);
  await mouseStroke(page, path);
  return readCanvasPixels(page);
}

/**
 * One stroke across the canvas, so the picture is no longer the first display: Save refuses an untouched
 * canvas (it would only store the plain mascot), so every test that saves draws something first.
 */
export async function drawSomething(page: Page): Promise<void> {
  await mouseStroke(page, [
    { x: 100, y: 100 },
    { x: 500, y: 500 },
  ]);
}

/** Two mouse strokes, a red arc across the top and a blue one at the bottom left: a making of two strokes. */
export async function drawTwoArcs(page: Page): Promise<void> {
  await choose(page, "red", 8);
  await mouseStroke(page, [
    { x: 80, y: 120 },
    { x: 300, y: 60 },
    { x: 520, y: 140 },
  ]);
  await choose(page, "blue", 5);
  await mouseStroke(page, [
    { x: 60, y: 560 },
    { x: 200, y: 450 },
    { x: 330, y: 560 },
  ]);
}

/** One finger on the screen, in viewport CSS pixels. */
export interface Finger {
  readonly id: number;
  readonly x: number;
  readonly y: number;
}

/** How long a drawing finger rests before it lifts (longer than the window Chromium measures a flick's speed in). */
const FINGER_REST_MS = 120;

/**
 * Raw touch input through the DevTools protocol, as a touch screen produces it: the browser itself turns it into
 * touch and pointer events and decides about scrolling and zooming. Needs a context with `hasTouch`.
 */
export class TouchScreen {
  readonly #page: Page;

  /** Wraps a page whose context has touch enabled. */
  constructor(page: Page) {
    this.#page = page;
  }

  /** Sends the fingers now on the screen; fingers new since the last call go down, missing ones lift. */
  async touch(type: "touchStart" | "touchMove", fingers: readonly Finger[]): Promise<void> {
    const session = await devToolsOf(this.#page);
    await session.send("Input.dispatchTouchEvent", {
      type,
      touchPoints: fingers.map((f) => ({ id: f.id, x: f.x, y: f.y, radiusX: 1, radiusY: 1, force: 1 })),
    });
  }

  /** Lifts every finger. */
  async release(): Promise<void> {
    const session = await devToolsOf(this.#page);
    await session.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  }

  /**
   * One finger along a polyline in viewport CSS pixels, its moves sent all at once (as mouseStroke's); the finger
   * then rests a moment before it lifts, as a drawing finger does. Lifted straight after moves that fast, it
   * would be a flick: Chromium follows it with a fling, and the fling swallows the next tap (on Save, say).
   */
  async swipe(path: readonly Point[]): Promise<void> {
    const [first, ...rest] = densify(path);
    if (!first) throw new Error("A swipe needs at least one point");
    await Promise.all([
      this.touch("touchStart", [{ id: 1, ...first }]),
      ...rest.map((p) => this.touch("touchMove", [{ id: 1, ...p }])),
    ]);
    await this.#page.waitForTimeout(FINGER_REST_MS);
    await this.release();
  }

  /** One finger along a polyline given in canvas units. */
  async strokeOnCanvas(path: readonly Point[]): Promise<void> {
    await this.swipe(path.map(await canvasToViewport(this.#page)));
  }
}
