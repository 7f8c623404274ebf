import type { Page } from "@playwright/test";
import type { Point } from "../../../src/client/engine/types.ts";
import { devToolsOf, type RawMouseEvent, sendMouseEvent } from "./devtools.ts";

/** Mouse input sent through the DevTools protocol, as the browser receives it from the operating system. */
export class RawMouse {
  readonly #page: Page;

  /** Wraps a page. */
  constructor(page: Page) {
    this.#page = page;
  }

  /** Presses the left button at a viewport point. */
  async press(at: Point): Promise<void> {
    await this.#send({ type: "mouseMoved", ...at, button: "none", buttons: 0 });
    await this.#send({ type: "mousePressed", ...at, button: "left", buttons: 1, clickCount: 1 });
  }

  /** Moves with the button held, one input event per point, each handled before the next is sent. */
  async dragThrough(points: readonly Point[]): Promise<void> {
    for (const point of points)
      await this.#send({ type: "mouseMoved", ...point, button: "left", buttons: 1 });
  }

  /**
   * Moves with the button held through all `points` while the page's main thread is busy, so the browser
   * delivers them as ONE pointermove whose getCoalescedEvents() holds every point, as a fast hand on a busy
   * page does. The page is held in a synchronous request that the test answers only once every move is queued.
   */
  async dragThroughInOneFrame(points: readonly Point[]): Promise<void> {
    const holdPath = `/__e2e-hold-main-thread-${Date.now()}`;
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held: () => void = () => {};
    const holding = new Promise<void>((resolve) => {
      held = resolve;
    });
    const matches = (url: URL): boolean => url.pathname === holdPath;
    await this.#page.route(matches, async (route) => {
      held();
      await released;
      await route.fulfill({ status: 204 });
    });
    await this.#page.evaluate((path) => {
      setTimeout(() => {
        const request = new XMLHttpRequest();
        request.open("GET", path, false);
        request.send();
      }, 0);
    }, holdPath);
    await holding;
    const sends = points.map((point) =>
      this.#send({ type: "mouseMoved", ...point, button: "left", buttons: 1 }),
    );
    // Commands on one session are handled in order: once this answers, every move above is in the page's queue.
    await (await devToolsOf(this.#page)).send("Browser.getVersion");
    release();
    await Promise.all(sends);
    await this.#page.unroute(matches);
  }

  /** Releases the left button at a viewport point. */
  async release(at: Point): Promise<void> {
    await this.#send({ type: "mouseReleased", ...at, button: "left", buttons: 0, clickCount: 1 });
  }

  #send(event: RawMouseEvent): Promise<void> {
    return sendMouseEvent(this.#page, event);
  }
}

/** Starts counting, in the page, how many coalesced positions each pointermove on `selector` carries. */
export async function recordCoalescedCounts(page: Page, selector: string): Promise<() => Promise<number[]>> {
  await page.evaluate((target) => {
    const counts: number[] = [];
    Object.assign(window, { __coalescedCounts: counts });
    document.querySelector(target)?.addEventListener("pointermove", (event) => {
      counts.push((event as PointerEvent).getCoalescedEvents().length);
    });
  }, selector);
  return () => page.evaluate(() => (window as unknown as { __coalescedCounts: number[] }).__coalescedCounts);
}
