import type { FastifyInstance } from "fastify";
import { DRAWINGS_PATH, type SavedDrawing } from "../../common/api.ts";
import { MAX_UPLOAD_BYTES } from "../../common/constants.ts";
import { DEFAULT_IMAGE_CACHE, type ImageCacheSettings } from "../config.ts";
import type { Store } from "../db/open.ts";
import { errorResponses, sendApiError } from "../http/errors.ts";
import { sendImmutableFile } from "../http/immutable-file.ts";
import { announceSave } from "./announce-save.ts";
import { IDEMPOTENCY_HEADER, idempotencyKeyOf } from "./idempotency.ts";
import { createImageCache, IMAGE_CACHE_TTL_MS, type ImageCache } from "./image-cache.ts";
import { onImageChange } from "./image-changes.ts";
import { findDrawingImage } from "./queries.ts";
import { duringSave, type ModerationMode, saveDrawing } from "./save.ts";
import { uploadedPng } from "./uploads.ts";

/** Base64 makes 4 characters of every 3 bytes; the extra room is for the prefix and the JSON around it. */
export const MAX_JSON_BODY_BYTES = Math.ceil(MAX_UPLOAD_BYTES / 3) * 4 + 1024;

/** Ids are 9 random bytes in base64url: 12 url-safe characters, 72 bits, never guessable in sequence. */
const IMAGE_FILE = /^([A-Za-z0-9_-]{12})\.png$/;

const savedDrawingSchema = {
  type: "object",
  required: ["id", "url", "createdAt", "status"],
  properties: {
    id: { type: "string" },
    url: { type: "string" },
    createdAt: { type: "string" },
    status: { type: "string", enum: ["visible", "pending"] },
  },
} as const;

const dataUrlBodySchema = {
  type: "object",
  additionalProperties: false,
  required: ["image_data"],
  properties: { image_data: { type: "string" } },
} as const;

/** Options of the drawings routes. */
export interface DrawingsRoutesOptions {
  readonly store: Store;
  /** "pre" stores saves as 'pending' until a moderator approves them. */
  readonly moderationMode: ModerationMode;
  /** Memory for served PNGs (IMAGE_CACHE_MB). Default: DEFAULT_IMAGE_CACHE. */
  readonly imageCache?: ImageCacheSettings | undefined;
}

/** The one answer for every image that is not public, so hidden, pending and unknown look alike. */
const NOT_FOUND = {
  statusCode: 404,
  code: "not_found",
  message: "No drawing has this address; check the link (drawing images look like /api/drawings/<id>.png).",
} as const;

/** POST /api/drawings (raw PNG or the spec's JSON data URL) and GET /api/drawings/<id>.png. */
export async function drawingsRoutes(app: FastifyInstance, options: DrawingsRoutesOptions): Promise<void> {
  const images = publicImages(app, options);
  // Only PNG bytes and JSON are uploads; text/plain and everything else answer 415.
  app.removeContentTypeParser(["text/plain", "application/json"]);
  app.addContentTypeParser(
    "application/json",
    { parseAs: "string", bodyLimit: MAX_JSON_BODY_BYTES },
    app.getDefaultJsonParser("error", "error"),
  );
  app.addContentTypeParser(
    "image/png",
    { parseAs: "buffer", bodyLimit: MAX_UPLOAD_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.post(
    DRAWINGS_PATH,
    {
      schema: {
        body: {
          content: {
            "application/json": { schema: dataUrlBodySchema },
            "image/png": { schema: { description: "The PNG file's bytes" } },
          },
        },
        response: { 200: savedDrawingSchema, 201: savedDrawingSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request.headers[IDEMPOTENCY_HEADER]);
      const png = uploadedPng(request.body);
      const outcome = await duringSave(options.store, () =>
        saveDrawing(options.store, png, key, options.moderationMode),
      );
      // Before the answer, so the event is already on its way (NOTIFY committed) when the client sees 201.
      await announceSave(app.drawingEvents, outcome, request.log);
      const { id, createdAt } = outcome.record;
      // Anything not public (pending, or hidden by a moderator before this retry) is "pending" to the saver.
      const status = outcome.record.status === "visible" ? "visible" : "pending";
      const answer: SavedDrawing = { id, url: `${DRAWINGS_PATH}/${id}.png`, createdAt, status };
      // 201 when this request stored it; 200 when a retry with the same key finds it already stored.
      return reply.code(outcome.kind === "created" ? 201 : 200).send(answer);
    },
  );

  app.get<{ Params: { file: string } }>(
    `${DRAWINGS_PATH}/:file`,
    {
      schema: {
        params: { type: "object", required: ["file"], properties: { file: { type: "string" } } },
        response: {
          200: { description: "The stored PNG (image/png)", type: "string" },
          304: { description: "Not modified", type: "null" },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const id = IMAGE_FILE.exec(request.params.file)?.[1];
      const image = id === undefined ? undefined : (images.cached(id) ?? (await images.load(id)));
      if (image === undefined) return sendApiError(reply, NOT_FOUND);
      // The ETag follows the stored bytes, so a revalidation after re-encoding gets the smaller file.
      return sendImmutableFile(request, reply, { bytes: image.bytes, etag: image.etag, type: "image/png" });
    },
  );
}

/**
 * Visible drawings' PNGs from memory. A hide or delete in this process, or a re-encode, evicts at once
 * (announceImageChange); a hide in another process arrives as the wall's 'removed' event (PostgreSQL
 * NOTIFY); whatever no event announced is read again after IMAGE_CACHE_TTL_MS.
 */
function publicImages(app: FastifyInstance, options: DrawingsRoutesOptions): ImageCache {
  const { db } = options.store;
  const settings = options.imageCache ?? DEFAULT_IMAGE_CACHE;
  const images = createImageCache({ maxBytes: settings.maxBytes, ttlMs: IMAGE_CACHE_TTL_MS }, (id) =>
    findDrawingImage(db, id),
  );
  const stopChanges = onImageChange(db, images.evict);
  const stopEvents = app.drawingEvents.subscribe((event) => {
    if (event.type === "removed") images.evict(event.id);
  });
  app.addHook("onClose", async () => {
    stopChanges();
    stopEvents();
  });
  return images;
}
