import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { GalleryItem, GalleryPage } from "../../../src/common/api.ts";
import type { ReactionState } from "../../../src/common/reactions.ts";
import type { Database } from "../../../src/server/db/schema.ts";

/**
 * A browser as the server tells it apart: the address it comes from and the visitor id cookie the server
 * gave it (none before its first toggle). Clearing the cookie makes it a new browser on the same address.
 */
export interface TestBrowser {
  readonly address: string;
  cookie: string | undefined;
}

/** A browser no request has come from yet, on `address`. */
export function newBrowser(address: string): TestBrowser {
  return { address, cookie: undefined };
}

const browserOfAddress = new Map<string, TestBrowser>();

/** A TestBrowser as it is; an address as the one browser the tests use on it. */
function browserOf(who: string | TestBrowser): TestBrowser {
  if (typeof who !== "string") return who;
  const known = browserOfAddress.get(who) ?? newBrowser(who);
  browserOfAddress.set(who, known);
  return known;
}

/** The Cookie header a browser sends: its visitor id, once it has one. */
export function cookieHeader(who: string | TestBrowser): Record<string, string> {
  const { cookie } = browserOf(who);
  return cookie === undefined ? {} : { cookie };
}

type Injected = Awaited<ReturnType<FastifyInstance["inject"]>>;

/** Sends a request as the browser, keeping the visitor id cookie the answer sets. */
async function asBrowser(
  app: FastifyInstance,
  who: string | TestBrowser,
  request: {
    method: "GET" | "POST" | "DELETE";
    url: string;
    headers?: Record<string, string>;
    payload?: string;
  },
): Promise<Injected> {
  const browser = browserOf(who);
  const answer = await app.inject({
    ...request,
    remoteAddress: browser.address,
    headers: { ...request.headers, ...cookieHeader(browser) },
  });
  const set = answer.cookies.find((cookie) => cookie.name === "fanvas_visitor");
  if (set !== undefined) browser.cookie = `fanvas_visitor=${set.value}`;
  return answer;
}

/** Gives a reaction as one browser (an address: that address's one browser), as the page does (JSON { kind }). */
export function react(app: FastifyInstance, id: string, kind: string, who: string | TestBrowser) {
  return asBrowser(app, who, {
    method: "POST",
    url: `/api/drawings/${id}/reactions`,
    headers: { "content-type": "application/json" },
    payload: JSON.stringify({ kind }),
  });
}

/** Takes a reaction back as one browser, as the page does (DELETE, no body). */
export function unreact(app: FastifyInstance, id: string, kind: string, who: string | TestBrowser) {
  return asBrowser(app, who, { method: "DELETE", url: `/api/drawings/${id}/reactions/${kind}` });
}

/** The reactions state of a drawing as one browser sees it; undefined on a 404. */
export async function reactionsOf(
  app: FastifyInstance,
  id: string,
  who: string | TestBrowser = "10.99.99.99",
): Promise<ReactionState | undefined> {
  const answer = await asBrowser(app, who, { method: "GET", url: `/api/drawings/${id}/reactions` });
  return answer.statusCode === 404 ? undefined : answer.json<ReactionState>();
}

/** The reactions rows stored for a drawing, read straight from the store. */
export function reactionRows(db: Kysely<Database>, id: string) {
  return db.selectFrom("reactions").selectAll().where("drawing_id", "=", id).execute();
}

/** Every item of a wall listing (`query` without before), walking its pages of `limit`; fails past 100 pages. */
export async function walkWall(app: FastifyInstance, query: string, limit: number): Promise<GalleryItem[]> {
  const listed: GalleryItem[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages += 1) {
    const before: string = cursor === null ? "" : `&before=${cursor}`;
    const answer: Awaited<ReturnType<FastifyInstance["inject"]>> = await app.inject({
      method: "GET",
      url: `/api/drawings?${query}&limit=${limit}${before}`,
    });
    if (answer.statusCode !== 200) throw new Error(`GET answered ${answer.statusCode}: ${answer.body}`);
    const page: GalleryPage = answer.json<GalleryPage>();
    if (page.nextCursor !== null && page.items.length !== limit)
      throw new Error("a short page before the end");
    listed.push(...page.items);
    cursor = page.nextCursor;
    if (cursor === null) return listed;
  }
  throw new Error("the wall did not end within 100 pages");
}
