import { roomIdOfPath } from "../../common/rooms/room-links.ts";
import type { ServerMessage } from "../../common/rooms/room-messages.ts";
import { type ConnectionEvents, RoomConnection } from "./room-connection.ts";
import { hostSecretOf, takeHostLink } from "./room-keys.ts";

// A room's socket opened as soon as the room's code loads, before the board's engine has its first display:
// the welcome, the room's picture and its log arrive while the engine starts, instead of after it. What
// arrives waits here until the session takes the connection over (startRoomSession).

/** The socket URL of room `id` on this page's origin. */
export function roomSocketUrl(id: string): string {
  const protocol = window.location.protocol === "https:" ? "wss:" : "ws:";
  return `${protocol}//${window.location.host}/api/rooms/${id}/socket`;
}

/** A connection opened early, and what it heard so far. */
interface EarlyRoom {
  readonly id: string;
  readonly connection: RoomConnection;
  readonly heard: ((events: ConnectionEvents) => void)[];
}

let early: EarlyRoom | undefined;

/** Opens the socket of the room this page's address names (none on another page), saying hello at once. */
export function openEarly(name: () => string | undefined): void {
  const id = roomIdOfPath(window.location.pathname);
  if (id === undefined || early !== undefined) return;
  takeHostLink(id);
  const heard: EarlyRoom["heard"] = [];
  const connection = new RoomConnection(roomSocketUrl(id), {
    opened: () => {
      const host = hostSecretOf(id);
      const you = name();
      connection.send({
        t: "hello",
        ...(you === undefined ? {} : { name: you }),
        ...(host === undefined ? {} : { host }),
      });
    },
    text: (message: ServerMessage) => heard.push((events) => events.text(message)),
    binary: (bytes) => heard.push((events) => events.binary(bytes)),
    lost: (loss) => heard.push((events) => events.lost(loss)),
  });
  early = { id, connection, heard };
  connection.connect();
}

/**
 * The early connection of room `id`, if one was opened for it: the session hands it its events, then replays
 * what it heard so far; undefined when none was (the session opens its own).
 */
export function takeEarly(
  id: string,
): { readonly connection: RoomConnection; readonly replay: (events: ConnectionEvents) => void } | undefined {
  const taken = early;
  early = undefined;
  if (taken === undefined) return undefined;
  if (taken.id !== id) {
    taken.connection.stop();
    return undefined;
  }
  return {
    connection: taken.connection,
    replay: (events) => {
      taken.connection.handTo(events);
      for (const replay of taken.heard.splice(0)) replay(events);
    },
  };
}
