import type { FastifyInstance } from "fastify";
import { expect, vi } from "vitest";
import type { SavedDrawing } from "../../../src/common/api.ts";
import { DEFAULT_MODERATION, type ModerationSettings } from "../../../src/server/config.ts";
import type { Store } from "../../../src/server/db/open.ts";
import { type WallEvent, wallEventOf } from "../../../src/server/live/wall-events.ts";
import { drawingPng } from "./png.ts";

/** A token long enough for readModerationSettings; tests use it as ADMIN_TOKEN. */
export const ADMIN_TOKEN = "test-admin-token-0123456789";

/** Moderation settings for a test: admin on with ADMIN_TOKEN, no report limit unless asked. */
export function moderation(overrides: Partial<ModerationSettings> = {}): ModerationSettings {
  return { ...DEFAULT_MODERATION, adminToken: ADMIN_TOKEN, reportRateLimit: 0, ...overrides };
}

let seed = 100;

/** Saves a new, distinct drawing through the API and returns its answer. */
export async function saveNewDrawing(app: FastifyInstance): Promise<SavedDrawing> {
  seed += 1;
  const response = await app.inject({
    method: "POST",
    url: "/api/drawings",
    headers: { "content-type": "image/png" },
    payload: await drawingPng(600, 600, seed),
  });
  if (response.statusCode !== 201) throw new Error(`save answered ${response.statusCode}: ${response.body}`);
  return response.json<SavedDrawing>();
}

/** Saves `png` through the API as the page does, expects it stored (201), and returns the answer. */
export async function savePng(app: FastifyInstance, png: Buffer): Promise<SavedDrawing> {
  const answer = await app.inject({
    method: "POST",
    url: "/api/drawings",
    headers: { "content-type": "image/png" },
    payload: png,
  });
  expect(answer.statusCode).toBe(201);
  return answer.json<SavedDrawing>();
}

/** Reports a drawing from one client address, as the page does (JSON, possibly with no body). */
export function report(app: FastifyInstance, id: string, remoteAddress: string, body?: object) {
  return app.inject({
    method: "POST",
    url: `/api/drawings/${id}/report`,
    remoteAddress,
    headers: { "content-type": "application/json" },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

/** A moderator's JSON API call with the Bearer token. */
export function adminPost(app: FastifyInstance, id: string, action: string, token = ADMIN_TOKEN) {
  return app.inject({
    method: "POST",
    url: `/api/admin/drawings/${id}/${action}`,
    headers: { authorization: `Bearer ${token}` },
  });
}

/** Every event of the wall the store's bus delivers from now on; waitFor polls (events may come later). */
export function recordEvents(store: Store) {
  const events: WallEvent[] = [];
  const stop = store.events.subscribe((event) => {
    const wall = wallEventOf(event);
    if (wall !== undefined) events.push(wall);
  });
  return {
    events,
    stop,
    waitFor(matches: (event: WallEvent) => boolean, what: string): Promise<WallEvent> {
      return vi.waitFor(
        () => {
          const found = events.find(matches);
          if (found === undefined) throw new Error(`no ${what} event; got ${JSON.stringify(events)}`);
          return found;
        },
        { timeout: 10_000, interval: 20 },
      );
    },
  };
}

/** publicPresence of a drawing the public may see: listed, and every URL of it answers. */
export const VISIBLE = { listed: true, png: 200, webp: 200, permalink: 200 } as const;
/** publicPresence of a drawing gone from public view: unlisted, and every URL of it answers 404. */
export const GONE = { listed: false, png: 404, webp: 404, permalink: 404 } as const;

/** Where a drawing shows publicly: the wall list, its PNG, its thumbnail and its permalink. */
export async function publicPresence(app: FastifyInstance, id: string) {
  const list = await app.inject({ method: "GET", url: "/api/drawings?limit=60" });
  const ids = list.json<{ items: { id: string }[] }>().items.map((item) => item.id);
  const status = async (url: string) => (await app.inject({ method: "GET", url })).statusCode;
  return {
    listed: ids.includes(id),
    png: await status(`/api/drawings/${id}.png`),
    webp: await status(`/api/drawings/${id}.webp`),
    permalink: await status(`/d/${id}`),
  };
}

/**
 * The calls of the public and of a moderator on one test app, so a test names what it does, not the app it does it
 * on: `t` is testAppForBlock's, read at each call (its app starts before the block's tests).
 */
export function siteOf(t: { readonly app: FastifyInstance }) {
  return {
    save: () => saveNewDrawing(t.app),
    report: (id: string, remoteAddress: string, body?: object) => report(t.app, id, remoteAddress, body),
    adminPost: (id: string, action: string) => adminPost(t.app, id, action),
    presence: (id: string) => publicPresence(t.app, id),
  };
}
