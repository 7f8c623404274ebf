import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  DRAWINGS_PATH,
  GALLERY_DEFAULT_LIMIT,
  GALLERY_MAX_LIMIT,
  type GalleryItem,
  type GalleryPage,
} from "../../common/api.ts";
import { GalleryPageSchema } from "../../common/wire/drawings.ts";
import { isBlockedName } from "../credit/credit-queries.ts";
import type { Store } from "../db/open.ts";
import { findVisibleDrawing } from "../drawings/queries.ts";
import { errorResponses, notFound } from "../http/errors.ts";
import { refuseInvalid } from "../http/validation.ts";
import { presentedVisitorId } from "../http/visitor-id.ts";
import { browserHash, saltedHasher } from "../moderation/visitor-hash.ts";
import { reactionsGivenBy } from "../reactions/reaction-queries.ts";
import { encodeTopCursor } from "./top-cursor.ts";
import { listTopDrawings, weekSince } from "./top-queries.ts";
import type { GalleryCursor } from "./wall-cursor.ts";
import { encodeCursor } from "./wall-cursor.ts";
import { galleryItem } from "./wall-item.ts";
import { listScopedDrawings, listVisibleDrawings, type WallRow } from "./wall-queries.ts";
import { badCursor, badLimit, type NewestScope, readWallRequest, wallQuerySchema } from "./wall-request.ts";

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

  app.withTypeProvider<TypeBoxTypeProvider>().get(
    DRAWINGS_PATH,
    {
      schema: { querystring: wallQuerySchema, response: { 200: GalleryPageSchema, ...errorResponses } },
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
        rows = await newestRows(request, wall.scope, wall.before, limit + 1);
        cursorOf = encodeCursor;
      } else {
        const since = wall.window === "all" ? "" : (wall.before?.since ?? weekSince(new Date()));
        const { window, promptId } = wall;
        rows = await listTopDrawings(db, { window, since, after: wall.before, limit: limit + 1, promptId });
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

  /** The asking browser's hash; undefined for a browser that never reacted or saved (it has no visitor id). */
  async function askingBrowser(request: FastifyRequest): Promise<string | undefined> {
    const visitorId = presentedVisitorId(request);
    return visitorId === undefined ? undefined : browserHash(hash, visitorId);
  }

  /** Up to `limit` drawings of the scope, newest first, after `before`. */
  async function newestRows(
    request: FastifyRequest,
    scope: NewestScope,
    before: GalleryCursor | undefined,
    limit: number,
  ): Promise<WallRow[]> {
    switch (scope.kind) {
      case "all":
        return listVisibleDrawings(db, before, limit);
      case "remixes":
        if ((await findVisibleDrawing(db, scope.of)) === undefined) {
          throw notFound("No drawing on the wall has this id, so it has no remixes to list.");
        }
        return listVisibleDrawings(db, before, limit, scope.of);
      case "prompt":
        return listScopedDrawings(db, "prompt_id", scope.id, before, limit);
      case "name":
        // A blocked name lists nothing, as it shows on nothing.
        if (await isBlockedName(db, scope.credit.key)) return [];
        return listScopedDrawings(db, "credit_key", scope.credit.key, before, limit);
      case "mine": {
        const browser = await askingBrowser(request);
        return browser === undefined ? [] : listScopedDrawings(db, "saver_hash", browser, before, limit);
      }
    }
  }

  /** The page's items, each with the reactions this browser gave it (one query for the page) and whether it saved it. */
  async function withReacted(request: FastifyRequest, rows: readonly WallRow[]): Promise<GalleryItem[]> {
    const browser = rows.length === 0 ? undefined : await askingBrowser(request);
    const given =
      browser === undefined
        ? new Map()
        : await reactionsGivenBy(
            db,
            browser,
            rows.map((row) => row.id),
          );
    return rows.map((row) => ({
      ...galleryItem(row),
      reacted: given.get(row.id) ?? [],
      mine: browser !== undefined && row.saverHash === browser,
    }));
  }
}
