import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { MAKING_TYPE } from "../../common/save-bundle.ts";
import type { Store } from "../db/open.ts";
import { drawingIdParams } from "../http/drawing-file.ts";
import { errorResponses, notFound } from "../http/errors.ts";
import { refuseInvalid } from "../http/validation.ts";
import { findMaking, removeMaking } from "../making/making-queries.ts";
import { encodingHeaders, makingAnswer } from "../making/send-making.ts";
import type { AdminAuth } from "./admin-auth.ts";
import { requireBearer, requireBearerOrSession } from "./admin-guard.ts";

/** Options of the admin's making routes. */
export interface AdminMakingOptions {
  readonly store: Store;
  readonly auth: AdminAuth;
  readonly now: () => number;
}

/** Where moderators read a drawing's making, whatever its status (the admin list's makingUrl). */
export function adminMakingPath(id: string): string {
  return `/api/admin/drawings/${encodeURIComponent(id)}/making`;
}

const noMaking = () =>
  notFound(
    "This drawing has no timelapse (it was saved without its making, it was removed, or the drawing was deleted); check the id in the admin list.",
  );

/**
 * GET /api/admin/drawings/<id>/making (Bearer or the admin page's session): a drawing's log whatever its
 * status, for the moderators' timelapse. DELETE /api/admin/drawings/<id>/making (Bearer): removes the timelapse
 * alone, for good; the drawing stays as it is. Both 404 when there is no making.
 */
export async function adminMakingRoutes(app: FastifyInstance, options: AdminMakingOptions): Promise<void> {
  const { db } = options.store;
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  typed.get(
    "/api/admin/drawings/:id/making",
    {
      onRequest: requireBearerOrSession(options.auth, options.now),
      schema: {
        params: drawingIdParams,
        response: {
          200: Type.Unsafe<Uint8Array>({ description: `The drawing's log (${MAKING_TYPE})`, type: "string" }),
          ...errorResponses,
        },
      },
      schemaErrorFormatter: refuseInvalid(noMaking),
    },
    async (request, reply) => {
      const making = await findMaking(db, request.params.id, "stored");
      if (making === undefined) throw noMaking();
      const answer = makingAnswer(request, making);
      return encodingHeaders(reply, answer)
        .type(MAKING_TYPE)
        .header("x-content-type-options", "nosniff")
        .send(answer.bytes);
    },
  );

  typed.delete(
    "/api/admin/drawings/:id/making",
    {
      onRequest: requireBearer(options.auth),
      schema: {
        params: drawingIdParams,
        response: {
          200: {
            type: "object",
            required: ["id", "making"],
            properties: { id: { type: "string" }, making: { type: "boolean" } },
          },
          ...errorResponses,
        },
      },
      schemaErrorFormatter: refuseInvalid(noMaking),
    },
    async (request) => {
      const { id } = request.params;
      if (!(await removeMaking(db, id))) throw noMaking();
      request.log.info({ drawingId: id, action: "remove-timelapse" }, "moderator action");
      return { id, making: false };
    },
  );
}
