import { createHash, timingSafeEqual } from "node:crypto";
import type { WebSocket } from "ws";
import { DRAWING_LIMITS } from "../../common/drawing-document/limits.ts";
import { ROOM_CLOSE } from "../../common/rooms/room-close.ts";
import type { ClientMessage } from "../../common/rooms/room-messages.ts";
import { browserHash } from "../moderation/visitor-hash.ts";
import type { LiveRoom } from "./live-room.ts";
import { barredClose, type RoomHub, type SocketSource } from "./room-hub.ts";
import { colourOfSlot, madeUpName } from "./room-names.ts";
import { barOf, renamePerson, seatPerson } from "./room-queries.ts";
import { SocketMember } from "./socket-member.ts";

/** Who is on the other end, as the handshake found them. */
export interface SocketVisitor {
  readonly roomId: string;
  /** The browser's visitor id (its cookie; a fresh one for the socket when it sent none). */
  readonly visitorId: string;
  /** visitorKey and networkKey of the address, as RoomHub.admit counted the socket in. */
  readonly source: SocketSource;
}

/** The SHA-256 (hex) the store keeps of a host's secret. */
export function hostHashOf(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/** Whether `secret` is the room's host secret (compared in constant time). */
function isHost(secret: string | undefined, hostHash: string): boolean {
  if (secret === undefined) return false;
  const given = Buffer.from(hostHashOf(secret));
  const kept = Buffer.from(hostHash);
  return given.length === kept.length && timingSafeEqual(given, kept);
}

/**
 * Lets a page that said hello into its room: a room that is open, a browser that is not barred from it, a slot
 * (kept across visits) and a seat to draw in while the room has one free. Closes the socket with the reason and
 * resolves undefined when it cannot come in.
 */
export async function joinRoom(
  hub: RoomHub,
  socket: WebSocket,
  visitor: SocketVisitor,
  hello: ClientMessage & { t: "hello" },
  key: number,
): Promise<{ room: LiveRoom; member: SocketMember } | undefined> {
  const close = (code: number, reason: string, message: string) => {
    socket.send(JSON.stringify({ t: "bye", code, reason, message }));
    socket.close(code, reason);
    return undefined;
  };
  const { store, now } = hub.context;
  const room = await hub.open(visitor.roomId);
  if (room === undefined)
    return close(ROOM_CLOSE.notFound, "no such room", "This room has ended, or its link is wrong.");
  const visitorHash = await browserHash(hub.hasher, visitor.visitorId);
  const bar = await barOf(store.db, room.id, visitorHash, new Date(now()));
  if (bar !== undefined) return close(...barredClose(bar === "banned"));
  const seated = await seatPerson(
    store.db,
    room.id,
    visitorHash,
    hello.name ?? madeUpName(),
    DRAWING_LIMITS.authors,
  );
  if (seated === undefined)
    return close(
      ROOM_CLOSE.full,
      "room full",
      `This room has had ${DRAWING_LIMITS.authors} people, the most one room holds.`,
    );
  if (hello.name !== undefined && hello.name !== seated.name)
    await renamePerson(store.db, room.id, seated.slot, hello.name);
  // The picture another process (or this one before a restart) stored, when it is newer than the one held.
  await room.picture.refresh();
  if (socket.readyState !== socket.OPEN || room.ended) return undefined;
  const host = isHost(hello.host, room.hostHash);
  const member = new SocketMember(socket, room.log, {
    key,
    slot: seated.slot,
    visitorHash,
    host,
    name: hello.name ?? seated.name,
    colour: colourOfSlot(seated.slot),
    role: room.presence.roleFor(seated.slot, host, now()),
  });
  room.join(member, hello.since ?? 0);
  return { room, member };
}
