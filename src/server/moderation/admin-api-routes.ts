import type { FastifyInstance } from "fastify";
import type { Store } from "../db/open.ts";
import { errorResponses, sendApiError } from "../http/errors.ts";
import type { AdminAuth } from "./admin-auth.ts";
import { requireBearer, requireBearerOrSession } from "./admin-guard.ts";
import {
  ADMIN_ACTIONS,
  ADMIN_FILTERS,
  type AdminAction,
  type AdminFilter,
  findAnyDrawingPng,
  listForAdmin,
} from "./admin-queries.ts";
import type { ModerationEvents } from "./events.ts";
import { moderate } from "./moderate.ts";

/** Options of the admin JSON API. */
export interface AdminApiOptions {
  readonly store: Store;
  readonly auth: AdminAuth;
  readonly events: ModerationEvents;
  readonly now: () => number;
}

export const ADMIN_API = "/api/admin/drawings";
const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 200;
const IMAGE_FILE = /^([A-Za-z0-9_-]{12})\.png$/;

const drawingSchema = {
  type: "object",
  required: ["id", "createdAt", "status", "reportCount", "imageUrl"],
  properties: {
    id: { type: "string" },
    createdAt: { type: "string" },
    status: { type: "string" },
    reportCount: { type: "integer" },
    imageUrl: { type: "string" },
  },
} as const;

/**
 * GET /api/admin/drawings?filter=newest|reported|pending|hidden&limit=n, POST
 * /api/admin/drawings/<id>/hide|restore|delete (Bearer token only), and GET /api/admin/drawings/<id>.png
 * (Bearer or the admin page's session), which shows a drawing whatever its status.
 */
export async function adminApiRoutes(app: FastifyInstance, options: AdminApiOptions): Promise<void> {
  const { db } = options.store;
  app.get<{ Querystring: { filter?: AdminFilter; limit?: number } }>(
    ADMIN_API,
    {
      onRequest: requireBearer(options.auth),
      schema: {
        querystring: {
          type: "object",
          additionalProperties: false,
          properties: {
            filter: { type: "string", enum: [...ADMIN_FILTERS] },
            limit: { type: "integer", minimum: 1, maximum: MAX_LIMIT },
          },
        },
        response: {
          200: {
            type: "object",
            required: ["items"],
            properties: { items: { type: "array", items: drawingSchema } },
          },
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const items = await listForAdmin(
        db,
        request.query.filter ?? "newest",
        request.query.limit ?? DEFAULT_LIMIT,
      );
      return { items: items.map((item) => ({ ...item, imageUrl: `${ADMIN_API}/${item.id}.png` })) };
    },
  );

  app.post<{ Params: { id: string; action: AdminAction } }>(
    `${ADMIN_API}/:id/:action`,
    {
      onRequest: requireBearer(options.auth),
      schema: {
        params: {
          type: "object",
          required: ["id", "action"],
          properties: { id: { type: "string" }, action: { type: "string", enum: [...ADMIN_ACTIONS] } },
        },
        response: {
          200: {
            type: "object",
            required: ["id", "status", "previousStatus"],
            properties: {
              id: { type: "string" },
              status: { type: "string" },
              previousStatus: { type: "string" },
            },
          },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { id, action } = request.params;
      const outcome = await moderate(db, options.events, id, action, request.log);
      if (outcome.kind === "not_found") return sendApiError(reply, noSuchDrawing());
      if (outcome.kind === "conflict") {
        return sendApiError(reply, {
          statusCode: 409,
          code: "already_deleted",
          message: `This drawing is ${outcome.status}; its image is gone, so it can only stay deleted.`,
        });
      }
      return { id, status: outcome.to, previousStatus: outcome.from };
    },
  );

  app.get<{ Params: { file: string } }>(
    `${ADMIN_API}/:file`,
    {
      onRequest: requireBearerOrSession(options.auth, options.now),
      schema: {
        params: { type: "object", required: ["file"], properties: { file: { type: "string" } } },
        response: { 200: { description: "The PNG (image/png)", type: "string" }, ...errorResponses },
      },
    },
    async (request, reply) => {
      const id = IMAGE_FILE.exec(request.params.file)?.[1];
      const png = id === undefined ? undefined : await findAnyDrawingPng(db, id);
      if (png === undefined) return sendApiError(reply, noSuchDrawing());
      return reply.type("image/png").send(png);
    },
  );
}

function noSuchDrawing() {
  return {
    statusCode: 404,
    code: "not_found",
    message: "No drawing has this id (or it was deleted); check the id in the admin list.",
  };
}
