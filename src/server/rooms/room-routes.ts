import { randomBytes, randomUUID } from "node:crypto";
import websocket from "@fastify/websocket";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { StartingPicture } from "../../common/drawing-document/types.ts";
import { ROOM_CLOSE } from "../../common/rooms/room-close.ts";
import type { FrameOptions } from "../../common/rooms/room-frames.ts";
import { ROOM_ID_PATTERN } from "../../common/rooms/room-links.ts";
import type { RoomSettings } from "../config-rooms.ts";
import type { Store } from "../db/open.ts";
import { findVisibleDrawing } from "../drawings/queries.ts";
import { JSON_ONLY } from "../http/cross-site.ts";
import { errorResponses, HttpError } from "../http/errors.ts";
import { fixedWindowLimit } from "../http/fixed-window-limit.ts";
import { DRAWING_ID } from "../http/validation.ts";
import { networkKey, visitorKey } from "../http/visitor.ts";
import { presentedVisitorId, visitorIdFor } from "../http/visitor-id.ts";
import { startPostgresRoomFeed } from "./postgres-room-feed.ts";
import { startRoomExpiry } from "./room-expiry.ts";
import { LOCAL_FEED } from "./room-feed.ts";
import { RoomHub } from "./room-hub.ts";
import { hostHashOf } from "./room-join.ts";
import { findRoom, insertRoom } from "./room-queries.ts";
import { serveRoomSocket } from "./room-socket.ts";

// POST /api/rooms makes a room; GET /api/rooms/<id>/socket is its WebSocket (the page at /r/<id> opens it). The
// handshake passes the same cross-site guard as every state-changing route (another site's page must not open a
// socket in its visitor's name), then the socket is counted against its visitor's and the process's caps.

/** Options of the rooms' routes. */
export interface RoomRoutesOptions {
  readonly store: Store;
  readonly settings: RoomSettings;
  readonly frames: FrameOptions;
}

declare module "fastify" {
  interface FastifyInstance {
    /** This process's rooms (the admin's list and the room page ask it). */
    rooms: RoomHub;
  }
}

const startSchema = {
  type: "object",
  additionalProperties: false,
  properties: {
    start: {
      description: 'start is "mascot", "white", or the id of a drawing on the wall to remix',
      oneOf: [{ type: "string", enum: ["mascot", "white"] }, DRAWING_ID],
    },
  },
} as const;

const createdSchema = {
  type: "object",
  required: ["id", "hostSecret", "path"],
  properties: { id: { type: "string" }, hostSecret: { type: "string" }, path: { type: "string" } },
} as const;

/**
 * WebSockets for the whole app: registered before every other hook, so the socket of a handshake refused by
 * a guard (a cross-site Origin, an unknown Host) is closed with its answer rather than left open. ws's
 * maxPayload is ROOM_MESSAGE_KB (its default is 100 MiB); no compression (a page's frames are small, and
 * per-message deflate costs memory per socket).
 */
export async function webSockets(app: FastifyInstance, settings: RoomSettings): Promise<void> {
  await app.register(websocket, {
    options: { maxPayload: settings.maxMessageBytes, perMessageDeflate: false },
    // At a stop every page is told the server is going away (1001), so it reconnects to the next one.
    preClose(done) {
      for (const client of this.websocketServer.clients) client.close(1001, "server restarting");
      this.websocketServer.close();
      done();
    },
  });
}

/** The rooms' routes, their hub and (on PostgreSQL) the feed between processes. */
export async function roomRoutes(app: FastifyInstance, options: RoomRoutesOptions): Promise<void> {
  const { store, settings } = options;
  const origin = randomUUID();
  const feed =
    store.dialect === "postgres" ? await startPostgresRoomFeed(store, app.log, origin) : LOCAL_FEED;
  const hub = new RoomHub({ store, settings, feed, log: app.log, origin });
  const expiry = startRoomExpiry(hub);
  app.decorate("rooms", hub);
  app.addHook("preClose", async () => {
    expiry.stop();
    await hub.close();
  });
  app.addHook("onClose", () => feed.close());

  const created = fixedWindowLimit({ limit: settings.createPerHour, windowSeconds: 3600 }, "rooms");
  app.post<{ Body: { start?: string } | undefined }>(
    "/api/rooms",
    {
      config: { refuseCrossSite: JSON_ONLY, bodyBytes: 1024 },
      // Counted per visitor before the body is read.
      onRequest: async (request) => created.charge(request),
      schema: { body: startSchema, response: { 201: createdSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const start = await startOf(store, request.body?.start);
      const id = randomBytes(16).toString("base64url");
      const hostSecret = randomBytes(24).toString("base64url");
      await insertRoom(store.db, { id, hostHash: hostHashOf(hostSecret), start }, new Date());
      visitorIdFor(request, reply);
      return reply.code(201).send({ id, hostSecret, path: `/r/${id}` });
    },
  );

  app.get<{ Params: { id: string } }>(
    "/api/rooms/:id/socket",
    {
      websocket: true,
      // The handshake carries no body: only its Origin (or Sec-Fetch-Site) matters to the guard.
      config: { refuseCrossSite: [""] },
      schema: {
        params: {
          type: "object",
          required: ["id"],
          properties: { id: { type: "string", pattern: ROOM_ID_PATTERN.source } },
        },
      },
    },
    (socket, request) => {
      // Refused over the socket rather than the handshake: a page is told why (a browser hides a refused
      // handshake's answer from it).
      const source = { visitor: visitorKey(request), network: networkKey(request) };
      const refusal = hub.admit(source);
      if (refusal !== undefined) {
        socket.send(
          JSON.stringify({ t: "bye", code: ROOM_CLOSE.full, reason: "too many sockets", message: refusal }),
        );
        socket.close(ROOM_CLOSE.full, "too many sockets");
        return;
      }
      const visitor = {
        roomId: request.params.id,
        visitorId: presentedVisitorId(request) ?? randomBytes(16).toString("base64url"),
        source,
      };
      serveRoomSocket(hub, socket, visitor, options.frames);
    },
  );
}

/** The room page's check (pages/page-routes.ts): a room that is open gets the page, with a visitor id. */
export async function roomPageAllowed(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  id: string,
) {
  if (!ROOM_ID_PATTERN.test(id)) return false;
  const room = await findRoom(app.rooms.context.store.db, id);
  if (room === undefined || room.endedAt !== undefined) return false;
  visitorIdFor(request, reply);
  return true;
}

async function startOf(store: Store, start: string | undefined): Promise<StartingPicture> {
  if (start === undefined || start === "mascot") return { kind: "mascot" };
  if (start === "white") return { kind: "white" };
  if ((await findVisibleDrawing(store.db, start)) === undefined)
    throw new HttpError(
      404,
      "not_found",
      "No drawing on the wall has this id; a room remixes a drawing that is on the wall.",
    );
  return { kind: "drawing", id: start };
}
