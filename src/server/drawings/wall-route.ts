import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  DRAWINGS_PATH,
  GALLERY_DEFAULT_LIMIT,
  GALLERY_MAX_LIMIT,
  type GalleryItem,
  type GalleryPage,
} from "../../common/api.ts";
import type { Store } from "../db/open.ts";
import { errorResponses, notFound } from "../http/errors.ts";
import { refuseInvalid } from "../http/validation.ts";
import { presentedVisitorId } from "../http/visitor-id.ts";
import { browserHash, saltedHasher } from "../moderation/visitor-hash.ts";
import { reactionsGivenBy } from "../reactions/reaction-queries.ts";
import { reactionCountsSchema } from "../reactions/reaction-schemas.ts";
import { findVisibleDrawing } from "./queries.ts";
import { encodeTopCursor } from "./top-cursor.ts";
import { listTopDrawings, weekSince } from "./top-queries.ts";
import { encodeCursor } from "./wall-cursor.ts";
import { galleryItem } from "./wall-item.ts";
import { listVisibleDrawings, type WallRow } from "./wall-queries.ts";
import { badCursor, badLimit, readWallRequest, type WallQuery, wallQuerySchema } from "./wall-request.ts";

const galleryItemSchema = {
  type: "object",
  required: [
    "id",
    "url",
    "thumbnailUrl",
    "permalink",
    "createdAt",
    "reactions",
    "reactionsVersion",
    "remixOf",
  ],
  properties: {
    id: { type: "string" },
    url: { type: "string" },
    thumbnailUrl: { type: "string" },
    permalink: { type: "string" },
    createdAt: { type: "string" },
    reactions: reactionCountsSchema,
    reactionsVersion: { type: "integer" },
    remixOf: { type: ["string", "null"] },
    making: { type: "boolean" },
    reacted: { type: "array", items: { type: "string" } },
  },
} as const;

const galleryPageSchema = {
  type: "object",
  required: ["items", "nextCursor"],
  properties: {
    items: { type: "array", items: galleryItemSchema },
    nextCursor: { type: ["string", "null"] },
  },
} as const;

/** Options of the wall route. */
export interface WallRouteOptions {
  readonly store: Store;
}

/**
 * GET /api/drawings: the wall in keyset pages, newest first (sort=new, the default, or a drawing's remixes
 * with remixOf) or most reactions first (sort=top, window=week|all); each item with the reactions the
 * browser that asked gave it.
 */
export async function wallRoute(app: FastifyInstance, options: WallRouteOptions): Promise<void> {
  const { db } = options.store;
  const hash = saltedHasher(db);

  app.get<{ Querystring: WallQuery }>(
    DRAWINGS_PATH,
    {
      schema: { querystring: wallQuerySchema, response: { 200: galleryPageSchema, ...errorResponses } },
      schemaErrorFormatter: refuseInvalid(({ field }) =>
        field === "before" ? badCursor() : field === "limit" ? badLimit() : undefined,
      ),
    },
    async (request, reply) => {
      const wall = readWallRequest(request.query);
      const limit = Math.min(request.query.limit ?? GALLERY_DEFAULT_LIMIT, GALLERY_MAX_LIMIT);
      // One row more than the page says whether another page follows, without a count.
      let rows: WallRow[];
      let cursorOf: (row: WallRow) => string;
      if (wall.sort === "new") {
        if (wall.remixOf !== undefined && (await findVisibleDrawing(db, wall.remixOf)) === undefined) {
          throw notFound("No drawing on the wall has this id, so it has no remixes to list.");
        }
        rows = await listVisibleDrawings(db, wall.before, limit + 1, wall.remixOf);
        cursorOf = encodeCursor;
      } else {
        const since = wall.window === "all" ? "" : (wall.before?.since ?? weekSince(new Date()));
        const { window } = wall;
        rows = await listTopDrawings(db, { window, since, after: wall.before, limit: limit + 1 });
        cursorOf = (row) => encodeTopCursor({ window, since, count: row.reactionCount, ...row });
      }
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      const answer: GalleryPage = {
        items: await withReacted(request, page),
        nextCursor: rows.length > limit && last !== undefined ? cursorOf(last) : null,
      };
      // Moderation can take a drawing off any page at any time, so no page is cached.
      return reply.header("Cache-Control", "no-store").send(answer);
    },
  );

  /** The page's items, each with the reactions this browser gave it (one query for the page). */
  async function withReacted(request: FastifyRequest, rows: readonly WallRow[]): Promise<GalleryItem[]> {
    // A browser that never reacted has no visitor id yet, and no reactions to show.
    const visitorId = presentedVisitorId(request);
    const given =
      rows.length === 0 || visitorId === undefined
        ? new Map()
        : await reactionsGivenBy(
            db,
            await browserHash(hash, visitorId),
            rows.map((row) => row.id),
          );
    return rows.map((row) => ({ ...galleryItem(row), reacted: given.get(row.id) ?? [] }));
  }
}
