import type { RawData, WebSocket } from "ws";
import { isDrawingCodecError } from "../../common/drawing-document/errors.ts";
import { DRAWING_LIMITS } from "../../common/drawing-document/limits.ts";
import { ROOM_CLOSE } from "../../common/rooms/room-close.ts";
import { decodeSubmit, FRAME, type FrameOptions } from "../../common/rooms/room-frames.ts";
import { type ClientMessage, parseClientMessage } from "../../common/rooms/room-messages.ts";
import {
  decodeLive,
  decodePointer,
  encodePointer,
  relayLive,
} from "../../common/rooms/room-passing-frames.ts";
import { decodePicturePart, PictureAssembly } from "../../common/rooms/room-picture.ts";
import type { LiveRoom } from "./live-room.ts";
import { hostCommand } from "./room-host.ts";
import type { RoomHub } from "./room-hub.ts";
import { joinRoom, type SocketVisitor } from "./room-join.ts";
import type { SocketMember } from "./socket-member.ts";
import { TokenBucket } from "./token-bucket.ts";

// One page's socket in a room, from its hello to its close. Every message is counted against the socket's
// limits first; anything that is not one of ours closes the socket (ROOM_CLOSE.malformed) and changes nothing.

/** Messages a page may send before its hello is answered (a page waits for welcome; this is slack). */
const EARLY_MESSAGES = 32;
/** A page says hello within this time, or the socket is closed. */
const HELLO_WITHIN_MS = 10_000;

let nextKey = 1;

/** Serves one socket; the hub counted it in (admit) and this counts it out when it closes. */
export function serveRoomSocket(
  hub: RoomHub,
  socket: WebSocket,
  visitor: SocketVisitor,
  frames: FrameOptions,
) {
  const { settings } = hub.context;
  const messages = new TokenBucket(settings.messagesPerSecond);
  const ops = new TokenBucket(settings.opsPerSecond);
  const points = new TokenBucket(settings.pointsPerSecond);
  let joined: { room: LiveRoom; member: SocketMember } | undefined;
  let joining = false;
  const early: [RawData, boolean][] = [];
  const pictureParts = new PictureAssembly();
  const key = nextKey++;

  const refuse = (code: number, reason: string, message: string) => {
    socket.send(JSON.stringify({ t: "bye", code, reason, message }));
    socket.close(code, reason);
  };
  const helloTimer = setTimeout(
    () => refuse(ROOM_CLOSE.malformed, "no hello", "The page did not say hello."),
    HELLO_WITHIN_MS,
  );
  helloTimer.unref();

  const limited = (what: string, limit: number) =>
    refuse(
      ROOM_CLOSE.rateLimited,
      `too many ${what}`,
      `Too many ${what}: at most ${limit} a second. Reconnecting shortly.`,
    );

  const handle = (data: RawData, isBinary: boolean) => {
    if (!messages.take()) return limited("messages", settings.messagesPerSecond);
    if (joined === undefined) {
      if (joining) {
        if (early.length >= EARLY_MESSAGES) return limited("messages before the welcome", EARLY_MESSAGES);
        early.push([data, isBinary]);
        return;
      }
      const hello = isBinary ? "the first message is a hello" : parseClientMessage(String(data));
      if (typeof hello === "string" || hello.t !== "hello")
        return malformed(typeof hello === "string" ? hello : "the first message is a hello");
      joining = true;
      clearTimeout(helloTimer);
      joinRoom(hub, socket, visitor, hello, key).then(
        (result) => {
          if (result === undefined) return;
          joined = result;
          for (const [message, binary] of early.splice(0)) dispatch(message, binary);
        },
        (error: unknown) => {
          hub.context.log.error({ err: error, room: visitor.roomId }, "a page could not join its room");
          refuse(1011, "server error", "The server could not open the room; reconnecting.");
        },
      );
      return;
    }
    dispatch(data, isBinary);
  };

  const malformed = (detail: string) =>
    refuse(
      ROOM_CLOSE.malformed,
      "malformed message",
      `The room could not read a message (${detail}); reload the page.`,
    );

  const dispatch = (data: RawData, isBinary: boolean) => {
    if (joined === undefined) return;
    const { room, member } = joined;
    try {
      if (!isBinary) return control(room, member, parseClientMessage(String(data)));
      const bytes = asBytes(data);
      switch (bytes[0]) {
        case FRAME.submit: {
          const entries = decodeSubmit(bytes, frames);
          if (!ops.take(entries.length)) return limited("operations", settings.opsPerSecond);
          const strokePoints = entries.reduce(
            (sum, e) => sum + (e.kind === "op" && e.op.kind === "stroke" ? e.op.points.x.length : 0),
            0,
          );
          // One stroke of the most points the format allows goes from a full bucket (its page sends it again
          // after a reconnect: it must not close the socket every time), then the rate pays it back.
          if (!points.takeLarge(strokePoints, DRAWING_LIMITS.pointsPerStroke))
            return limited("points", settings.pointsPerSecond);
          const accepted = entries.filter((entry) => {
            const refusal = room.refusalOf(member, entry);
            if (refusal !== undefined) member.send({ t: "refused", opIds: [entry.opId], ...refusal });
            return refusal === undefined;
          });
          if (accepted.length > 0) room.submit(member, accepted);
          return;
        }
        case FRAME.live: {
          const segment = decodeLive(bytes, frames, false);
          if (!points.take(segment.points)) return limited("points", settings.pointsPerSecond);
          if (member.role === "drawer" && (!room.log.state.locked || member.host))
            room.pass(relayLive(member.slot, segment));
          return;
        }
        case FRAME.pointer:
          room.pass(encodePointer(decodePointer(bytes, false).at, member.slot));
          return;
        case FRAME.picturePart: {
          const part = decodePicturePart(bytes);
          // A guest's page sends one only while no host's page is here, and only a drawer's.
          if (!member.host && (member.role !== "drawer" || room.hostHere)) {
            if (part.part === 0)
              member.send({
                t: "notice",
                code: "host_only",
                message: "Only the room's host's page sends its picture while the host is in the room.",
              });
            return;
          }
          const picture = pictureParts.add(part);
          // A guest's picture counts only once another visitor's agrees with it (room-guest-pictures.ts).
          const sender = { visitorHash: member.visitorHash, address: visitor.source.visitor };
          if (picture !== undefined)
            (member.host ? room.picture.offer(picture) : room.picture.offerGuest(picture, sender)).then(
              (verdict) => {
                if (typeof verdict === "object") malformed(verdict.refused);
              },
              (error: unknown) =>
                hub.context.log.error({ err: error, room: room.id }, "the room's picture could not be kept"),
            );
          return;
        }
        default:
          return malformed(`unknown frame ${bytes[0]}`);
      }
    } catch (error) {
      if (isDrawingCodecError(error)) return malformed(error.message);
      throw error;
    }
  };

  const control = (room: LiveRoom, member: SocketMember, message: ClientMessage | string) => {
    if (typeof message === "string") return malformed(message);
    if (message.t === "hello") return malformed("hello was said already");
    if (message.t === "name") {
      member.name = message.name;
      room.peopleChanged();
      void hub.rename(room.id, member.slot, message.name);
      return;
    }
    if (!member.host)
      return member.send({ t: "notice", code: "host_only", message: "Only the room's host can do that." });
    void hostCommand(hub, room, member, message).catch((error: unknown) =>
      hub.context.log.error({ err: error, room: room.id }, "a host's command failed"),
    );
  };

  socket.on("message", (data, isBinary) => {
    try {
      handle(data, isBinary);
    } catch (error) {
      hub.context.log.error({ err: error, room: visitor.roomId }, "a room message failed");
      refuse(1011, "server error", "The server failed on a message; reconnecting.");
    }
  });
  socket.on("close", () => {
    clearTimeout(helloTimer);
    hub.release(visitor.source);
    if (joined === undefined) return;
    joined.member.dispose();
    joined.room.leave(joined.member);
    hub.left(joined.room);
  });
}

/** A binary message's bytes (ws hands a Buffer, or fragments as an array). */
function asBytes(data: RawData): Uint8Array {
  if (Array.isArray(data)) return Buffer.concat(data);
  return data instanceof ArrayBuffer ? new Uint8Array(data) : data;
}
