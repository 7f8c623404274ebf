import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { GalleryItem, GalleryPage } from "../../../src/common/api.ts";
import type { ReactionState } from "../../../src/common/reactions.ts";
import type { Database } from "../../../src/server/db/schema.ts";

/** Gives a reaction from one client address, as the page does (JSON { kind }). */
export function react(app: FastifyInstance, id: string, kind: string, remoteAddress: string) {
  return app.inject({
    method: "POST",
    url: `/api/drawings/${id}/reactions`,
    remoteAddress,
    headers: { "content-type": "application/json" },
    payload: JSON.stringify({ kind }),
  });
}

/** Takes a reaction back from one client address, as the page does (DELETE, no body). */
export function unreact(app: FastifyInstance, id: string, kind: string, remoteAddress: string) {
  return app.inject({ method: "DELETE", url: `/api/drawings/${id}/reactions/${kind}`, remoteAddress });
}

/** The reactions state of a drawing as one client address sees it; undefined on a 404. */
export async function reactionsOf(
  app: FastifyInstance,
  id: string,
  remoteAddress = "10.99.99.99",
): Promise<ReactionState | undefined> {
  const answer = await app.inject({ method: "GET", url: `/api/drawings/${id}/reactions`, remoteAddress });
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
