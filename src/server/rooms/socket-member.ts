import type { WebSocket } from "ws";
import { ROOM_CLOSE } from "../../common/rooms/room-close.ts";
import type { RoomRole, ServerMessage } from "../../common/rooms/room-messages.ts";
import type { RoomMember } from "./room-presence.ts";

// A page's socket as a room member, and how a page that cannot keep up is treated: it never holds the room
// back and never makes the server buffer without bound. Passing frames (strokes being drawn, pointers) are
// dropped while its socket holds more than LIVE_DROP_BYTES; the log's frames stop being sent past BEHIND_BYTES
// and the page is brought up to date from the room's log once its socket drains (what it missed is in the log,
// not in a queue); a page still behind after BEHIND_LIMIT_MS is closed, and reconnects to a snapshot.

/** Passing frames are dropped while the socket holds this much unsent. */
export const LIVE_DROP_BYTES = 64 * 1024;
/** The log's frames stop (the page is "behind") while the socket holds this much unsent. */
export const BEHIND_BYTES = 1024 * 1024;
/** A page behind for this long is closed with ROOM_CLOSE.tooSlow. */
export const BEHIND_LIMIT_MS = 20_000;
const DRAIN_CHECK_MS = 100;

/** Where a member catches up from when its socket drained. */
export interface CatchUpSource {
  framesSince(since: number): Uint8Array[];
  readonly through: number;
}

/** The socket of one page in one room. */
export class SocketMember implements RoomMember {
  readonly key: number;
  readonly slot: number;
  readonly visitorHash: string;
  readonly host: boolean;
  name: string;
  colour: string;
  role: RoomRole;
  readonly #socket: WebSocket;
  readonly #log: CatchUpSource;
  /** The last seq sent to the page. */
  #sentThrough = 0;
  #behindSince: number | undefined;
  #drainTimer: NodeJS.Timeout | undefined;
  /** Passing frames dropped for this page (it was behind). */
  dropped = 0;

  constructor(
    socket: WebSocket,
    log: CatchUpSource,
    person: {
      key: number;
      slot: number;
      visitorHash: string;
      host: boolean;
      name: string;
      colour: string;
      role: RoomRole;
    },
  ) {
    this.#socket = socket;
    this.#log = log;
    this.key = person.key;
    this.slot = person.slot;
    this.visitorHash = person.visitorHash;
    this.host = person.host;
    this.name = person.name;
    this.colour = person.colour;
    this.role = person.role;
  }

  send(message: ServerMessage): void {
    if (this.#open()) this.#socket.send(JSON.stringify(message));
  }

  sendEntries(frame: Uint8Array, last: number): void {
    if (!this.#open() || this.#behindSince !== undefined) return;
    if (this.#socket.bufferedAmount > BEHIND_BYTES) {
      this.#fallBehind();
      return;
    }
    this.#socket.send(frame, { binary: true });
    this.#sentThrough = last;
  }

  sendLive(frame: Uint8Array): void {
    if (!this.#open()) return;
    if (this.#behindSince !== undefined || this.#socket.bufferedAmount > LIVE_DROP_BYTES) {
      this.dropped += 1;
      return;
    }
    this.#socket.send(frame, { binary: true });
  }

  close(code: number, reason: string, message: string): void {
    this.#stopDrainCheck();
    if (!this.#open()) return;
    this.#socket.send(JSON.stringify({ t: "bye", code, reason, message } satisfies ServerMessage));
    // A close frame's reason is at most 123 bytes; the whole message went just before it.
    this.#socket.close(code, Buffer.from(reason).subarray(0, 123).toString());
    // A page that never answers the close frame is cut.
    setTimeout(() => this.#socket.terminate(), 5_000).unref();
  }

  /** Stops its timers (the socket closed). */
  dispose(): void {
    this.#stopDrainCheck();
  }

  #open(): boolean {
    return this.#socket.readyState === this.#socket.OPEN;
  }

  #fallBehind(): void {
    this.#behindSince = performance.now();
    this.#drainTimer = setInterval(() => this.#checkDrained(), DRAIN_CHECK_MS);
    this.#drainTimer.unref();
  }

  #checkDrained(): void {
    if (!this.#open()) {
      this.#stopDrainCheck();
      return;
    }
    if (this.#socket.bufferedAmount > BEHIND_BYTES / 4) {
      if (performance.now() - (this.#behindSince ?? 0) > BEHIND_LIMIT_MS) {
        this.#stopDrainCheck();
        this.close(
          ROOM_CLOSE.tooSlow,
          "too slow",
          "Your connection could not keep up with the room; reconnecting.",
        );
        this.#socket.terminate();
      }
      return;
    }
    this.#stopDrainCheck();
    this.#behindSince = undefined;
    for (const frame of this.#log.framesSince(this.#sentThrough)) this.#socket.send(frame, { binary: true });
    this.#sentThrough = this.#log.through;
  }

  #stopDrainCheck(): void {
    if (this.#drainTimer !== undefined) clearInterval(this.#drainTimer);
    this.#drainTimer = undefined;
  }
}
