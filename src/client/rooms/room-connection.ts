import { RETRY_AFTER_CLOSE } from "../../common/rooms/room-close.ts";
import type { ClientMessage, ServerMessage } from "../../common/rooms/room-messages.ts";

// A room's WebSocket that comes back by itself: after a close the server marks as passing (a network that
// dropped, a restart, a pause after a limit), it reconnects with a growing wait, and at once when the browser
// says it is online again. What the page sends while it is away waits in RoomSync, not here.

/** What the connection tells the room. */
export interface ConnectionEvents {
  /** The socket is open: say hello. */
  readonly opened: () => void;
  readonly text: (message: ServerMessage) => void;
  readonly binary: (bytes: Uint8Array) => void;
  /** The socket closed; `retrying` when it comes back by itself, `message` what to tell the visitor. */
  readonly lost: (loss: {
    readonly retrying: boolean;
    readonly code: number;
    readonly message: string;
  }) => void;
}

const FIRST_WAIT_MS = 500;
const LONGEST_WAIT_MS = 10_000;

/** One room's socket, reconnecting while the room goes on. */
export class RoomConnection {
  readonly #url: string;
  #events: ConnectionEvents;
  #socket: WebSocket | null = null;
  #attempts = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #stopped = false;
  /** The reason the server gave just before it closed (its "bye"), for the close that follows. */
  #bye: string | undefined;
  /** The browser said it went offline: the socket was dropped here, to come back once it is online. */
  #dropped = false;
  readonly #online = () => this.#reconnectNow();
  // A socket over a network that went away may take minutes to notice; the browser knows at once.
  readonly #offline = () => {
    if (this.#socket === null) return;
    this.#dropped = true;
    this.#socket.close(4000, "offline");
  };

  constructor(url: string, events: ConnectionEvents) {
    this.#url = url;
    this.#events = events;
    window.addEventListener("online", this.#online);
    window.addEventListener("offline", this.#offline);
  }

  /** Hands what the socket hears from now on to `events` (the session takes over an early connection). */
  handTo(events: ConnectionEvents): void {
    this.#events = events;
  }

  /** Whether messages sent now go out. */
  get open(): boolean {
    return this.#socket?.readyState === WebSocket.OPEN;
  }

  /** Opens the socket (again). */
  connect(): void {
    if (this.#stopped) return;
    clearTimeout(this.#timer);
    const socket = new WebSocket(this.#url);
    socket.binaryType = "arraybuffer";
    this.#socket = socket;
    this.#bye = undefined;
    socket.addEventListener("open", () => {
      this.#attempts = 0;
      this.#events.opened();
    });
    socket.addEventListener("message", (event: MessageEvent<string | ArrayBuffer>) => {
      if (typeof event.data !== "string") return this.#events.binary(new Uint8Array(event.data));
      const message = JSON.parse(event.data) as ServerMessage;
      if (message.t === "bye") this.#bye = message.message;
      this.#events.text(message);
    });
    socket.addEventListener("close", (event) => {
      if (this.#socket !== socket) return;
      this.#socket = null;
      const dropped = this.#dropped;
      this.#dropped = false;
      const retrying =
        !this.#stopped && (dropped || RETRY_AFTER_CLOSE.has(event.code) || event.code === 1005);
      const message =
        (dropped ? undefined : this.#bye) ??
        (retrying
          ? "The connection dropped. Reconnecting; what you draw meanwhile is kept and sent once it is back."
          : "The room closed the connection.");
      this.#events.lost({ retrying, code: event.code, message });
      // Offline, the next try waits for the browser's "online" (and the growing wait, should it not come).
      if (retrying) this.#retryLater(dropped);
    });
  }

  /** Sends a message when the socket is open; false when it is not (the caller keeps what it must send). */
  send(message: ClientMessage | Uint8Array): boolean {
    if (!this.open || this.#socket === null) return false;
    this.#socket.send(
      message instanceof Uint8Array ? (message as Uint8Array<ArrayBuffer>) : JSON.stringify(message),
    );
    return true;
  }

  /** Closes for good (the page leaves the room). */
  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
    window.removeEventListener("online", this.#online);
    window.removeEventListener("offline", this.#offline);
    this.#socket?.close(1000, "left");
    this.#socket = null;
  }

  #retryLater(offline: boolean): void {
    const wait = offline ? LONGEST_WAIT_MS : Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** this.#attempts);
    this.#attempts += 1;
    // Spread out, so a restarted server is not met by every page in the same millisecond.
    this.#timer = setTimeout(() => this.connect(), wait * (0.75 + Math.random() / 2));
  }

  #reconnectNow(): void {
    if (this.#stopped || this.#socket !== null) return;
    this.#attempts = 0;
    this.connect();
  }
}
