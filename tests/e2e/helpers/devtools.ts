import type { CDPSession, Page } from "@playwright/test";

/** One DevTools session per page for raw input (opening one costs a round trip). */
const sessions = new WeakMap<Page, Promise<CDPSession>>();

/** The page's DevTools session for raw input, opened on first use. */
export function devToolsOf(page: Page): Promise<CDPSession> {
  let session = sessions.get(page);
  if (session === undefined) {
    session = page.context().newCDPSession(page);
    sessions.set(page, session);
  }
  return session;
}

/** A mouse event as the DevTools protocol's Input.dispatchMouseEvent takes it. */
export interface RawMouseEvent {
  readonly type: "mouseMoved" | "mousePressed" | "mouseReleased";
  readonly x: number;
  readonly y: number;
  readonly button: "none" | "left";
  readonly buttons: number;
  readonly clickCount?: number;
}

/** Sends one mouse event; it answers once the page has handled it. */
export async function sendMouseEvent(page: Page, event: RawMouseEvent): Promise<void> {
  await (await devToolsOf(page)).send("Input.dispatchMouseEvent", event);
}
