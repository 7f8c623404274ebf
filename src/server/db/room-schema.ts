import type { ColumnType } from "kysely";

// The live rooms' tables (migration 20261127500000_rooms). Times are written as ISO 8601 text; PostgreSQL reads
// them back as Dates, SQLite as the same text.

type Time = ColumnType<Date | string, string, string>;

/** One live room: its starting picture, its log's last seq and its folded snapshot. */
export interface RoomsTable {
  /** Random, 22 characters of base64url (128 bits): the room's link is its only key. */
  id: string;
  /** SHA-256 (hex) of the host's secret; the secret itself is only in the host's link. */
  host_hash: string;
  /** "mascot", "white" or "drawing" (then start_drawing is the remixed drawing's id). */
  start_kind: string;
  start_drawing: string | null;
  created_at: Time;
  /** When someone last added to its log; a room idle past ROOM_IDLE_DAYS ends. */
  last_active_at: Time;
  /** When its host or a moderator ended it; NULL while it is open. */
  ended_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** The seq of its log's last entry (0: none); the row is locked while entries are added. */
  last_seq: ColumnType<number, number | undefined, number>;
  /** 1 while only the host may draw. */
  locked: ColumnType<number, number | undefined, number>;
  /** The log folded up to snapshot_seq (a snapshot frame, common/rooms/room-snapshot.ts); NULL: nothing folded. */
  snapshot: ColumnType<Uint8Array | null, Uint8Array | null | undefined, Uint8Array | null>;
  snapshot_seq: ColumnType<number, number | undefined, number>;
}

/** One entry of a room's log. */
export interface RoomEntriesTable {
  room_id: string;
  seq: number;
  author: number;
  /** The author's id for it, as decimal text; NULL for what the server made (a host's lock, remove). */
  op_id: string | null;
  /** A RoomEntryKind. */
  kind: string;
  /** The slot a remove takes away; NULL otherwise. */
  target: number | null;
  /** An op's operation as a one-operation drawing document; NULL for the other kinds. */
  body: Uint8Array | null;
}

/** A browser's place in a room: its author slot, kept across visits, and its name. */
export interface RoomPeopleTable {
  room_id: string;
  slot: number;
  /** browserHash of its visitor id. */
  visitor_hash: string;
  name: ColumnType<string, string, string>;
}

/** A browser the host banned (until NULL) or kicked (until a time) from a room. */
export interface RoomBansTable {
  room_id: string;
  visitor_hash: string;
  until: ColumnType<Date | string | null, string | null, string | null>;
}

/** Passing frames one process hands the others (PostgreSQL only), named by id in a NOTIFY. */
export interface RoomLiveTable {
  id: string;
  frames: Uint8Array;
  created_at: ColumnType<Date | string, string, never>;
}

/** A room's picture: the last PNG its host's page sent, of the log through seq (room-picture-keeper.ts). */
export interface RoomPicturesTable {
  room_id: string;
  seq: number;
  /** Operations on in the log through seq, as the picture shows them. */
  painted: number;
  /** The server's digest of which operations those are (shownThrough in room-picture-keeper.ts). */
  shows: string;
  png: Uint8Array;
  stored_at: Time;
}

/** The rooms' tables, part of the store's Database. */
export interface RoomTables {
  rooms: RoomsTable;
  room_entries: RoomEntriesTable;
  room_people: RoomPeopleTable;
  room_bans: RoomBansTable;
  room_live: RoomLiveTable;
  room_pictures: RoomPicturesTable;
}
