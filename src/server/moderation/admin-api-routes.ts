import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { nullable, stringEnum } from "../../common/wire/kit.ts";
import { ReactionCountsSchema } from "../../common/wire/reactions.ts";
import type { Store } from "../db/open.ts";
import { findDrawingImage } from "../drawings/queries.ts";
import { drawingIdParams } from "../http/drawing-file.ts";
import { errorResponses, HttpError, notFound } from "../http/errors.ts";
import { DRAWING_ID, refuseInvalid } from "../http/validation.ts";
import type { AdminAuth } from "./admin-auth.ts";
import { requireBearer, requireBearerOrSession } from "./admin-guard.ts";
import { adminMakingPath, adminMakingRoutes } from "./admin-making-routes.ts";
import { ADMIN_ACTIONS, ADMIN_FILTERS, listForAdmin } from "./admin-queries.ts";
import { moderate } from "./moderate.ts";

/** Options of the admin JSON API. */
export interface AdminApiOptions {
  readonly store: Store;
  readonly auth: AdminAuth;
  readonly now: () => number;
}

export const ADMIN_API = "/api/admin/drawings";
const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 200;

const drawingSchema = Type.Object({
  id: Type.String(),
  createdAt: Type.String(),
  status: Type.String(),
  reportCount: Type.Integer(),
  reactions: ReactionCountsSchema,
  remixOf: nullable(Type.String()),
  name: nullable(Type.String()),
  imageUrl: Type.String(),
  makingUrl: nullable(Type.String()),
});

/**
 * GET /api/admin/drawings?filter=newest|reported|pending|hidden&limit=n, POST
 * /api/admin/drawings/<id>/hide|restore|delete (Bearer token only), and GET /api/admin/drawings/<id>.png
 * (Bearer or the admin page's session), which shows a drawing whatever its status; its making's routes
 * (admin-making-routes.ts).
 */
export async function adminApiRoutes(app: FastifyInstance, options: AdminApiOptions): Promise<void> {
  const { db } = options.store;
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  typed.get(
    ADMIN_API,
    {
      onRequest: requireBearer(options.auth),
      schema: {
        querystring: Type.Object(
          {
            filter: Type.Optional(
              stringEnum(ADMIN_FILTERS, `filter is one of ${ADMIN_FILTERS.join(", ")} (default newest)`),
            ),
            limit: Type.Optional(
              Type.Integer({
                minimum: 1,
                maximum: MAX_LIMIT,
                description: `limit is how many drawings to list, a whole number from 1 to ${MAX_LIMIT} (default ${DEFAULT_LIMIT})`,
              }),
            ),
          },
          { additionalProperties: false },
        ),
        response: {
          200: Type.Object({ items: Type.Array(drawingSchema) }),
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
      return {
        items: items.map(({ making, ...item }) => ({
          ...item,
          imageUrl: `${ADMIN_API}/${item.id}.png`,
          makingUrl: making ? adminMakingPath(item.id) : null,
        })),
      };
    },
  );

  typed.post(
    `${ADMIN_API}/:id/:action`,
    {
      onRequest: requireBearer(options.auth),
      schema: {
        params: Type.Object({
          id: DRAWING_ID,
          action: stringEnum(ADMIN_ACTIONS, `the action is one of ${ADMIN_ACTIONS.join(", ")}`),
        }),
        response: {
          200: Type.Object({ id: Type.String(), status: Type.String(), previousStatus: Type.String() }),
          ...errorResponses,
        },
      },
      // A malformed id is no drawing, as an unknown one is; a wrong action is the client's mistake.
      schemaErrorFormatter: refuseInvalid(({ field }) => (field === "id" ? noSuchDrawing() : undefined)),
    },
    async (request) => {
      const { id, action } = request.params;
      const outcome = await moderate(options.store, id, action, request.log);
      if (outcome.kind === "not_found") throw noSuchDrawing();
      if (outcome.kind === "conflict") {
        throw new HttpError(
          409,
          "already_deleted",
          `This drawing is ${outcome.status}; its image is gone, so it can only stay deleted.`,
        );
      }
      return { id, status: outcome.to, previousStatus: outcome.from };
    },
  );

  await app.register(adminMakingRoutes, options);
  const readImage = requireBearerOrSession(options.auth, options.now);
  typed.get(
    `${ADMIN_API}/:id.png`,
    {
      onRequest: readImage,
      schema: {
        params: drawingIdParams,
        response: {
          200: Type.Unsafe<Uint8Array>({ description: "The PNG (image/png)", type: "string" }),
          ...errorResponses,
        },
      },
      schemaErrorFormatter: refuseInvalid(noSuchDrawing),
    },
    async (request, reply) => {
      // Deleted drawings have no bytes left; every other status is the moderators' to see.
      const image = await findDrawingImage(db, request.params.id, "stored");
      if (image === undefined || image.bytes.length === 0) throw noSuchDrawing();
      return reply.type("image/png").send(image.bytes);
    },
  );
  // Any other name under the list is no drawing either (for whoever may read the images at all).
  app.get(`${ADMIN_API}/:file`, { onRequest: readImage, schema: { response: errorResponses } }, async () => {
    throw noSuchDrawing();
  });
}

function noSuchDrawing(): HttpError {
  return notFound("No drawing has this id (or it was deleted); check the id in the admin list.");
}
