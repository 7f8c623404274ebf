import type { Transaction } from "kysely";
import type { Database } from "../db/schema.ts";

// How the processes serving one room hear each other. SQLite's one process needs nothing (LOCAL_FEED); on
// PostgreSQL, postgres-room-feed.ts carries signals with NOTIFY.

/** What a process hears from the others. */
export interface FeedListener {
  /** The room's log grew to `lastSeq` (read what is new from the store). */
  entries(roomId: string, lastSeq: number): void;
  /** Passing frames (live strokes, pointers, presence) another process's visitors sent. */
  live(roomId: string, frames: readonly Uint8Array[]): void;
  /** The room ended (its host or a moderator). */
  ended(roomId: string): void;
  /** The host kicked or banned the person in `slot`. */
  barred(roomId: string, slot: number, banned: boolean): void;
}

/** One process's link to the others. */
export interface RoomFeed {
  /** Runs inside an append's transaction: the others hear of it once it is committed. */
  readonly notifyEntries:
    | ((trx: Transaction<Database>, roomId: string, lastSeq: number) => Promise<void>)
    | undefined;
  /** Hands passing frames to the others (gathered, never awaited by a visitor). */
  publishLive(roomId: string, frames: readonly Uint8Array[]): void;
  /** Tells the others a room ended or a person was barred; resolves once they can hear it. */
  announceEnded(roomId: string): Promise<void>;
  announceBarred(roomId: string, slot: number, banned: boolean): Promise<void>;
  listen(listener: FeedListener): void;
  close(): Promise<void>;
}

/** One process alone: nobody else to tell. */
export const LOCAL_FEED: RoomFeed = {
  notifyEntries: undefined,
  publishLive: () => {},
  announceEnded: async () => {},
  announceBarred: async () => {},
  listen: () => {},
  close: async () => {},
};
