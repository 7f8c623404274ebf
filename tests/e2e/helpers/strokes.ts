import type { CDPSession, Page } from "@playwright/test";
import type { Point } from "../../../src/client/engine/types.ts";
import { canvasGeometry, toViewport } from "./page.ts";

/** Viewport points spaced about `step` CSS pixels apart along a polyline, first and last points included. */
function densify(path: readonly Point[], step = 4): Point[] {
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

/**
 * Draws with the mouse along a polyline given in canvas units: press, move through points about `step` CSS pixels
 * apart, release.
 */
export async function mouseStroke(page: Page, path: readonly Point[], step = 8): Promise<void> {
  const geometry = await canvasGeometry(page);
  const points = densify(
    path.map((p) => toViewport(geometry, p)),
    step,
  );
  const [first, ...rest] = points;
  if (!first) throw new Error("A stroke needs at least one point");
  await page.mouse.move(first.x, first.y);
  await page.mouse.down();
  for (const p of rest) await page.mouse.move(p.x, p.y);
  await page.mouse.up();
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

/** One finger on the screen, in viewport CSS pixels. */
export interface Finger {
  readonly id: number;
  readonly x: number;
  readonly y: number;
}

/**
 * Raw touch input through the DevTools protocol, as a touch screen produces it: the browser itself turns it into
 * touch and pointer events and decides about scrolling and zooming. Needs a context with `hasTouch`.
 */
export class TouchScreen {
  readonly #page: Page;
  #session: CDPSession | undefined;

  /** Wraps a page whose context has touch enabled. */
  constructor(page: Page) {
    this.#page = page;
  }

  /** Sends the fingers now on the screen; fingers new since the last call go down, missing ones lift. */
  async touch(type: "touchStart" | "touchMove", fingers: readonly Finger[]): Promise<void> {
    const session = await this.#cdp();
    await session.send("Input.dispatchTouchEvent", {
      type,
      touchPoints: fingers.map((f) => ({ id: f.id, x: f.x, y: f.y, radiusX: 1, radiusY: 1, force: 1 })),
    });
  }

  /** Lifts every finger. */
  async release(): Promise<void> {
    const session = await this.#cdp();
    await session.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  }

  /** One finger along a polyline in viewport CSS pixels. */
  async swipe(path: readonly Point[]): Promise<void> {
    const [first, ...rest] = densify(path);
    if (!first) throw new Error("A swipe needs at least one point");
    await this.touch("touchStart", [{ id: 1, ...first }]);
    for (const p of rest) await this.touch("touchMove", [{ id: 1, ...p }]);
    await this.release();
  }

  /** One finger along a polyline given in canvas units. */
  async strokeOnCanvas(path: readonly Point[]): Promise<void> {
    const geometry = await canvasGeometry(this.#page);
    await this.swipe(path.map((p) => toViewport(geometry, p)));
  }

  async #cdp(): Promise<CDPSession> {
    this.#session ??= await this.#page.context().newCDPSession(this.#page);
    return this.#session;
  }
}
