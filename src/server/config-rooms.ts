import { whole } from "./config-values.ts";

// The live rooms' settings (README's table, docs/security.md), read and checked for config.ts, which re-exports
// them. Imports no server module.

/** What live rooms may hold and what one visitor may do in them. */
export interface RoomSettings {
  /** ROOM_IDLE_DAYS: a room nobody drew in for this long ends and is deleted. */
  readonly idleMs: number;
  /** ROOM_DRAWERS: people drawing in one room at once; more join as watchers. */
  readonly drawersPerRoom: number;
  /** ROOM_CREATE_PER_HOUR: rooms one visitor (an IPv4 address, an IPv6 /64) may make per hour; 0: no limit. */
  readonly createPerHour: number;
  /** ROOM_OPS_PER_SECOND: operations (a stroke, a caption, an undo...) one socket may add per second. */
  readonly opsPerSecond: number;
  /** ROOM_POINTS_PER_SECOND: stroke points one socket may send per second, live and finished together. */
  readonly pointsPerSecond: number;
  /** ROOM_MESSAGES_PER_SECOND: WebSocket messages of any kind one socket may send per second. */
  readonly messagesPerSecond: number;
  /** ROOM_MESSAGE_KB in bytes: the largest message a page may send (ws's maxPayload). */
  readonly maxMessageBytes: number;
  /** ROOM_SOCKETS_PER_VISITOR: room sockets one visitor (an IPv4 address, an IPv6 /64) may hold open at once. */
  readonly socketsPerVisitor: number;
  /** ROOM_SOCKETS_PER_NETWORK: room sockets one network (an IPv4 /24, an IPv6 /56) may hold open at once. */
  readonly socketsPerNetwork: number;
  /** ROOM_SOCKETS: room sockets one process holds open at once. */
  readonly socketsPerProcess: number;
  /** ROOM_PICTURE_EVERY: operations the log grows by before the host's page sends a new picture (0: never). */
  readonly pictureEvery: number;
}

/**
 * README's defaults: rooms idle for a week end; 30 drawers; 10 rooms an hour; a hand's pace, with room to spare;
 * 300 sockets per network (a school or office behind one address block fills ten full rooms), so at least
 * seventeen networks are needed to fill a process.
 */
export const DEFAULT_ROOMS: RoomSettings = {
  idleMs: 7 * 24 * 60 * 60 * 1000,
  drawersPerRoom: 30,
  createPerHour: 10,
  opsPerSecond: 20,
  pointsPerSecond: 2_000,
  messagesPerSecond: 150,
  maxMessageBytes: 128 * 1024,
  socketsPerVisitor: 16,
  socketsPerNetwork: 300,
  socketsPerProcess: 5_000,
  pictureEvery: 500,
};

/** ROOM_* (see RoomSettings). */
export function readRoomSettings(env: NodeJS.ProcessEnv): RoomSettings {
  const d = DEFAULT_ROOMS;
  const read = (name: string, fallback: number, minimum: number, maximum?: number) =>
    whole(env, name, fallback, minimum, `a whole number from ${minimum} to ${maximum ?? 1_000_000}`, maximum);
  return {
    idleMs: read("ROOM_IDLE_DAYS", d.idleMs / 86_400_000, 1, 365) * 86_400_000,
    drawersPerRoom: read("ROOM_DRAWERS", d.drawersPerRoom, 1, 1000),
    createPerHour: read("ROOM_CREATE_PER_HOUR", d.createPerHour, 0),
    opsPerSecond: read("ROOM_OPS_PER_SECOND", d.opsPerSecond, 1),
    pointsPerSecond: read("ROOM_POINTS_PER_SECOND", d.pointsPerSecond, 10),
    messagesPerSecond: read("ROOM_MESSAGES_PER_SECOND", d.messagesPerSecond, 10),
    // 16 KiB holds a long stroke's finished points; 2 MiB, the most a drawing log may be.
    maxMessageBytes: read("ROOM_MESSAGE_KB", d.maxMessageBytes / 1024, 16, 2048) * 1024,
    socketsPerVisitor: read("ROOM_SOCKETS_PER_VISITOR", d.socketsPerVisitor, 1),
    socketsPerNetwork: read("ROOM_SOCKETS_PER_NETWORK", d.socketsPerNetwork, 1),
    socketsPerProcess: read("ROOM_SOCKETS", d.socketsPerProcess, 1),
    pictureEvery: read("ROOM_PICTURE_EVERY", d.pictureEvery, 0, 100_000),
  };
}
