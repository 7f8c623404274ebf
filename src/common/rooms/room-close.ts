// Why the server closed a room's socket: WebSocket close codes 4000-4999 are the application's. The page shows
// each one's message and reconnects only after those marked so (a network that came back, a server restart).

/** Close codes a room's socket may end with (besides ws's 1009: a message over ROOM_MESSAGE_KB). */
export const ROOM_CLOSE = {
  /** A frame that is not one of ours; nothing it asked was done. */
  malformed: 4400,
  /** The host kicked this person (they may come back later). */
  kicked: 4401,
  /** The host banned this browser from the room. */
  banned: 4403,
  /** No room has this id (or it expired). */
  notFound: 4404,
  /** The page could not take what the room sent fast enough. */
  tooSlow: 4408,
  /** The host or a moderator ended the room. */
  ended: 4410,
  /** More messages, operations or points than the limits allow; the page may come back after a pause. */
  rateLimited: 4429,
  /** This visitor or this server holds as many room sockets as it may. */
  full: 4503,
} as const;

/** Closes after which the page tries again by itself. */
export const RETRY_AFTER_CLOSE: ReadonlySet<number> = new Set([
  1001,
  1006,
  1011,
  1012,
  1013,
  ROOM_CLOSE.tooSlow,
  ROOM_CLOSE.rateLimited,
  ROOM_CLOSE.full,
]);
