import type { FastifyBaseLogger } from "fastify";
import type { RoomSettings } from "../config-rooms.ts";
import type { Store } from "../db/open.ts";
import type { RoomFeed } from "./room-feed.ts";

/** What a room needs from its process. */
export interface RoomContext {
  readonly store: Store;
  readonly settings: RoomSettings;
  readonly feed: RoomFeed;
  readonly log: FastifyBaseLogger;
  /** This process's name among the others (presence). */
  readonly origin: string;
  readonly now: () => number;
}
