import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import {
  DRAWINGS_PATH,
  GALLERY_DEFAULT_LIMIT,
  GALLERY_MAX_LIMIT,
  type GalleryPage,
} from "../../common/api.ts";
import type { Store } from "../db/open.ts";
import { errorResponses, HttpError, sendApiError } from "../http/errors.ts";
import { sendImmutableFile } from "../http/immutable-file.ts";
import { makeThumbnail } from "../png/thumbnail.ts";
import { findDrawingImage } from "./queries.ts";
import { findVisibleThumbnail, storeThumbnail } from "./thumbnail-queries.ts";
import { decodeCursor, encodeCursor, type GalleryCursor } from "./wall-cursor.ts";
import { galleryItem } from "./wall-item.ts";
import { listVisibleDrawings } from "./wall-queries.ts";

const DRAWING_ID = /^[A-Za-z0-9_-]{12}$/;

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

// Query strings stay strings (the app never coerces types); the handler reads them with clear errors.
const galleryQuerySchema = {
  type: "object",
  properties: {
    before: { type: "string", description: "nextCursor of the previous page; omit for the newest" },
    limit: {
      type: "string",
      description: `1 or more; default ${GALLERY_DEFAULT_LIMIT}, clamped to ${GALLERY_MAX_LIMIT}`,
    },
  },
} as const;

/** Options of the gallery routes. */
export interface GalleryRoutesOptions {
  readonly store: Store;
}

/** GET /api/drawings (the wall, newest first, keyset pages) and GET /api/drawings/<id>.webp (thumbnails). */
export async function galleryRoutes(app: FastifyInstance, options: GalleryRoutesOptions): Promise<void> {
  const { db } = options.store;

  app.get<{ Querystring: { before?: string; limit?: string } }>(
    DRAWINGS_PATH,
    { schema: { querystring: galleryQuerySchema, response: { 200: galleryPageSchema, ...errorResponses } } },
    async (request, reply) => {
      const before = readCursor(request.query.before);
      const limit = readLimit(request.query.limit);
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

  app.get<{ Params: { id: string } }>(
    `${DRAWINGS_PATH}/:id.webp`,
    {
      schema: {
        params: { type: "object", required: ["id"], properties: { id: { type: "string" } } },
        response: {
          200: { description: "The thumbnail (image/webp)", type: "string" },
          304: { description: "Not modified", type: "null" },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const found = DRAWING_ID.test(id) ? await findVisibleThumbnail(db, id) : undefined;
      if (found === undefined) {
        return sendApiError(reply, {
          statusCode: 404,
          code: "not_found",
          message:
            "No drawing on the wall has this address; check the link (thumbnails look like /api/drawings/<id>.webp).",
        });
      }
      const webp = found.webp ?? (await thumbnailOnDemand(id));
      const etag = `"${createHash("sha256").update(webp).digest("hex").slice(0, 32)}"`;
      // The thumbnail is made once from pixels that never change.
      return sendImmutableFile(request, reply, { bytes: webp, etag, type: "image/webp" });
    },
  );

  /** Asked before the background job got to it: make it now and keep it, so this happens once. */
  async function thumbnailOnDemand(id: string): Promise<Buffer> {
    const image = await findDrawingImage(db, id);
    if (image === undefined) throw new HttpError(404, "not_found", "This drawing is no longer stored.");
    const webp = await makeThumbnail(image.bytes);
    await storeThumbnail(db, id, webp);
    return webp;
  }
}

function readCursor(text: string | undefined): GalleryCursor | undefined {
  if (text === undefined) return undefined;
  const cursor = decodeCursor(text);
  if (cursor === undefined) {
    throw new HttpError(
      400,
      "bad_cursor",
      "The before cursor is not one this server gave out; pass a nextCursor from GET /api/drawings unchanged, or omit it for the newest drawings.",
    );
  }
  return cursor;
}

/** Over the cap is clamped rather than refused: a client asking for more simply pages further. */
function readLimit(text: string | undefined): number {
  if (text === undefined) return GALLERY_DEFAULT_LIMIT;
  if (!/^\d{1,6}$/.test(text) || Number(text) < 1) {
    throw new HttpError(
      400,
      "bad_limit",
      `limit must be a whole number from 1 (got "${text.slice(0, 20)}"); at most ${GALLERY_MAX_LIMIT} are returned per page.`,
    );
  }
  return Math.min(Number(text), GALLERY_MAX_LIMIT);
}
