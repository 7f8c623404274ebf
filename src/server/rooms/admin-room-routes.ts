import type { FastifyInstance, FastifyRequest } from "fastify";
import type { RoomRow } from "../../common/admin-pages.ts";
import { ROOM_ID_PATTERN } from "../../common/rooms/room-links.ts";
import { errorResponses, HttpError, notFound } from "../http/errors.ts";
import type { AdminAuth } from "../moderation/admin-auth.ts";
import { requireBearer, sameOrigin } from "../moderation/admin-guard.ts";
import type { RoomHub } from "./room-hub.ts";
import { findRoom, listRooms } from "./room-queries.ts";

// A moderator sees every live room and ends any of them: GET /api/admin/rooms and POST
// /api/admin/rooms/<id>/end with the Bearer token, and /admin/rooms with the admin page's session.

/** Options of the admin's room routes. */
export interface AdminRoomOptions {
  readonly rooms: RoomHub;
  readonly auth: AdminAuth;
}

const LIST_LIMIT = 200;
const roomIdParams = {
  type: "object",
  required: ["id"],
  properties: { id: { type: "string", pattern: ROOM_ID_PATTERN.source } },
} as const;

async function listed(hub: RoomHub): Promise<RoomRow[]> {
  const rooms = await listRooms(hub.context.store.db, LIST_LIMIT);
  const now = hub.context.now();
  return rooms.map((room) => ({ ...room, here: hub.loaded(room.id)?.presence.people(now).length ?? 0 }));
}

async function endOrRefuse(hub: RoomHub, id: string): Promise<boolean> {
  if ((await findRoom(hub.context.store.db, id)) === undefined)
    throw notFound("No room has this id; check it in the list.");
  return hub.end(id);
}

/** The JSON API (Bearer only). */
export async function adminRoomApiRoutes(app: FastifyInstance, options: AdminRoomOptions): Promise<void> {
  const hub = options.rooms;
  app.get(
    "/api/admin/rooms",
    { onRequest: requireBearer(options.auth), schema: { response: errorResponses } },
    async () => ({
      items: await listed(hub),
    }),
  );
  app.post<{ Params: { id: string } }>(
    "/api/admin/rooms/:id/end",
    { onRequest: requireBearer(options.auth), schema: { params: roomIdParams, response: errorResponses } },
    async (request) => ({ id: request.params.id, ended: await endOrRefuse(hub, request.params.id) }),
  );
}

/** The admin page's rooms list and its End forms (a signed-in moderator, from the page itself). */
export async function adminRoomPageRoutes(
  app: FastifyInstance,
  options: AdminRoomOptions & {
    readonly title: string;
    readonly requireSession: (request: FastifyRequest) => Promise<void>;
  },
): Promise<void> {
  const hub = options.rooms;
  app.get("/admin/rooms", { onRequest: options.requireSession }, async (_request, reply) =>
    reply.type("text/html; charset=utf-8").send(
      app.pages.render({
        kind: "admin-rooms",
        community: options.title,
        rooms: await listed(hub),
        now: Date.now(),
      }),
    ),
  );
  app.post<{ Params: { id: string } }>(
    "/admin/rooms/:id/end",
    { onRequest: options.requireSession, schema: { params: roomIdParams } },
    async (request, reply) => {
      if (!sameOrigin(request))
        throw new HttpError(401, "unauthorized", "That request did not come from this admin page.");
      await endOrRefuse(hub, request.params.id);
      return reply.redirect("/admin/rooms", 303);
    },
  );
}
