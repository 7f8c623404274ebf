import type { FastifyInstance } from "fastify";
import {
  DRAWINGS_PATH,
  GALLERY_DEFAULT_LIMIT,
  GALLERY_MAX_LIMIT,
  type GalleryPage,
} from "../../common/api.ts";
import type { Store } from "../db/open.ts";
import { errorResponses, HttpError } from "../http/errors.ts";
import { refuseInvalid } from "../http/validation.ts";
import { decodeCursor, encodeCursor, type GalleryCursor } from "./wall-cursor.ts";
import { galleryItem } from "./wall-item.ts";
import { listVisibleDrawings } from "./wall-queries.ts";

const galleryItemSchema = {
  type: "object",
  required: ["id", "url", "thumbnailUrl", "permalink", "createdAt"],
  properties: {
    id: { type: "string" },
    url: { type: "string" },
    thumbnailUrl: { type: "string" },
    permalink: { type: "string" },
    createdAt: { type: "string" },
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

const galleryQuerySchema = {
  type: "object",
  properties: {
    before: {
      type: "string",
      pattern: "^[A-Za-z0-9_-]{1,200}$",
      description: "nextCursor of the previous page; omit for the newest",
    },
    // Over the cap is clamped rather than refused: a client asking for more simply pages further.
    limit: { type: "integer", minimum: 1, maximum: 999_999, description: "1 or more" },
  },
} as const;

const badCursor = () =>
  new HttpError(
    400,
    "bad_cursor",
    "The before cursor is not one this server gave out; pass a nextCursor from GET /api/drawings unchanged, or omit it for the newest drawings.",
  );
const badLimit = () =>
  new HttpError(
    400,
    "bad_limit",
    `limit must be a whole number from 1; at most ${GALLERY_MAX_LIMIT} are returned per page.`,
  );

/** Options of the wall route. */
export interface WallRouteOptions {
  readonly store: Store;
}

/** GET /api/drawings: the wall, newest first, in keyset pages. */
export async function wallRoute(app: FastifyInstance, options: WallRouteOptions): Promise<void> {
  const { db } = options.store;

  app.get<{ Querystring: { before?: string; limit?: number } }>(
    DRAWINGS_PATH,
    {
      schema: { querystring: galleryQuerySchema, response: { 200: galleryPageSchema, ...errorResponses } },
      schemaErrorFormatter: refuseInvalid(({ field }) => (field === "before" ? badCursor() : badLimit())),
    },
    async (request, reply) => {
      const { query } = request;
      const before = query.before === undefined ? undefined : readCursor(query.before);
      const limit = Math.min(query.limit ?? GALLERY_DEFAULT_LIMIT, GALLERY_MAX_LIMIT);
      // One row more than the page says whether another page follows, without a count.
      const rows = await listVisibleDrawings(db, before, limit + 1);
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      const answer: GalleryPage = {
        items: page.map((row) => galleryItem(row.id, row.createdAt)),
        nextCursor: rows.length > limit && last !== undefined ? encodeCursor(last) : null,
      };
      // Moderation can take a drawing off any page at any time, so no page is cached.
      return reply.header("Cache-Control", "no-store").send(answer);
    },
  );
}

/** A cursor this server gave out; the schema only knows it is base64url. */
function readCursor(text: string): GalleryCursor {
  const cursor = decodeCursor(text);
  if (cursor === undefined) throw badCursor();
  return cursor;
}
