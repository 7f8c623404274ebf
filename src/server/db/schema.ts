import type { ColumnType } from "kysely";
import type { RoomTables } from "./room-schema.ts";

/** One stored drawing. The PNG is kept as bytes (BLOB / bytea), never as base64 text. */
export interface DrawingsTable {
  /** Random url-safe id, 12 characters of base64url. */
  id: string;
  /** The PNG file exactly as validated. node:sqlite reads BLOBs as Uint8Array, pg reads bytea as Buffer. */
  image_data: Uint8Array;
  byte_size: number;
  /** Lowercase hex SHA-256 of image_data; the strong ETag of the image. */
  sha256: string;
  /** Written as an ISO 8601 string; PostgreSQL reads it back as a Date, SQLite as the same string. */
  created_at: ColumnType<Date | string, string, never>;
  /** The client's Idempotency-Key of the save that stored this row; NULL when it sent none. Unique. */
  idempotency_key: ColumnType<string | null, string | null | undefined, never>;
  /** SHA-256 of the bytes as uploaded (sha256 follows re-encoding); tells a retry from another drawing. */
  upload_sha256: ColumnType<string | null, string | null | undefined, never>;
  /** When background re-encoding finished (kept or replaced the bytes); NULL while it is pending. */
  reencoded_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** Moderation status; only 'visible' drawings are shown on the wall, in events, permalinks and images. */
  status: ColumnType<DrawingStatus, DrawingStatus | undefined, DrawingStatus>;
  /** WebP thumbnail for the wall; NULL while the background job is pending, empty when it failed. */
  thumbnail_webp: ColumnType<Uint8Array | null, Uint8Array | null | undefined, Uint8Array | null>;
  /** When a moderator last hid, restored or deleted it; only reports made after it (or in its millisecond) count. */
  reviewed_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
  /** Visitors who gave each reaction; changed with the reactions rows, in one transaction. */
  heart_count: Counter;
  fire_count: Counter;
  lol_count: Counter;
  /** The three counts' sum: the Top wall's order. */
  reaction_count: Counter;
  /** Grows by one with every reaction given or taken back, so the newest counts can be told from older ones. */
  reactions_version: Counter;
  /** UTC day it was stored ('2026-11-26'): the "this week" Top's bucket. NULL only if a writer forgot it. */
  created_day: ColumnType<string | null, string | undefined, never>;
  /** The drawing this one remixes, when that was on the wall at the save; NULL otherwise. */
  remix_of: ColumnType<string | null, string | null | undefined, never>;
  /** Link card image (1200 x 630 PNG) for og:image; NULL while the background job is pending, empty when it failed. */
  card_png: ColumnType<Uint8Array | null, Uint8Array | null | undefined, Uint8Array | null>;
  /** The style key (png/card.ts) of the branding and layout card_png was made in; NULL while none is made. */
  card_style: ColumnType<string | null, string | null | undefined, string | null>;
  /** The name it was signed with, as shown (common/credit.ts); NULL unsigned or once a moderator removed it. */
  credit_name: ColumnType<string | null, string | null | undefined, string | null>;
  /** creditKey of credit_name: a name's page and a block find it by this; NULL with credit_name. */
  credit_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** The salted hash of the visitor id of the browser that saved it ("Your drawings"); NULL when it sent none. */
  saver_hash: ColumnType<string | null, string | null | undefined, never>;
  /** The prompt it was entered in (running when it was stored); NULL otherwise. */
  prompt_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1, 2 or 3 among its prompt's entries, marked when the prompt ended; NULL otherwise. */
  prompt_place: ColumnType<number | null, number | null | undefined, number | null>;
  /**
   * The drawing's making: its encoded log of operations (common/drawing-document), as uploaded beside the PNG and
   * checked by the decoder. NULL when the save carried none (the REST insert, older drawings) or a moderator
   * removed the timelapse.
   */
  making: ColumnType<Uint8Array | null, Uint8Array | null | undefined, Uint8Array | null>;
  /** Lowercase hex SHA-256 of making (its strong ETag); NULL with it. */
  making_sha256: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A theme the community draws to between two instants, set by the operator. */
export interface PromptsTable {
  /** Its address on the wall (common/prompts.ts PROMPT_ID_PATTERN). */
  id: string;
  title: string;
  hashtag: string | null;
  /** ISO 8601 written; it runs from starts_at (included) to ends_at (excluded). */
  starts_at: ColumnType<Date | string, string, string>;
  ends_at: ColumnType<Date | string, string, string>;
  /** The IANA zone its days are said in (the banner's last day). */
  time_zone: string;
  /** Where it was set: the branding file (synced at each start) or /admin. */
  source: PromptSource;
  /** When its top three were marked (after it ended); NULL until then. */
  settled_at: ColumnType<Date | string | null, string | null | undefined, string | null>;
}

/** Where a prompt was set. */
export type PromptSource = "branding" | "admin";

/** A name moderators blocked: no drawing shows it, and its page is gone. */
export interface BlockedNamesTable {
  /** creditKey of the name: every spelling of it that shares the key is blocked. */
  name_key: string;
  /** As the moderator typed it, for the admin list. */
  name: string;
  blocked_at: ColumnType<Date | string, string, never>;
}

/** A count kept in the drawing's row: 0 for a new row, numbers in and out (pg reads integer as a number). */
type Counter = ColumnType<number, number | undefined, number>;

/** One browser's reaction of one kind to one drawing; the triple is unique, so a browser counts once. */
export interface ReactionsTable {
  drawing_id: string;
  /**
   * The salted hash of the browser's visitor id (browserHash). A row stored before reactions belonged to
   * browsers holds its address's hash here, the same as its address_hash.
   */
  reactor_hash: string;
  /** The salted hash of the visitor key (IPv4 address or IPv6 /64) it came from; NULL never written. */
  address_hash: ColumnType<string | null, string, never>;
  kind: string;
  /** ISO 8601 written. */
  created_at: ColumnType<Date | string, string, never>;
}

/** One visitor's report of one drawing; the pair is unique, so a client counts once per drawing. */
export interface ReportsTable {
  drawing_id: string;
  /** HMAC-SHA256 of the visitor key (IPv4 address or IPv6 /64) under the server_secrets salt; never the address. */
  reporter_hash: string;
  reason: string | null;
  /** ISO 8601 written; refreshed when the client reports again, so a report after a review counts. */
  created_at: ColumnType<Date | string, string, string>;
}

/** Secrets every server process on this database shares (the reporters' salt). */
export interface ServerSecretsTable {
  name: string;
  value: string;
}

/** A moderator's signed-in session, until it expires or they sign out. */
export interface AdminSessionsTable {
  /** SHA-256 (hex) of the session's random id; the id itself is only in the moderator's cookie. */
  id_hash: string;
  /** ISO 8601 written; PostgreSQL reads it back as a Date. */
  expires_at: ColumnType<Date | string, string, string>;
}

/**
 * 'pending' waits for approval (pre-moderation); 'hidden' was reported past the threshold or hidden by hand;
 * 'deleted' was removed by a moderator (its bytes are dropped, the row keeps its Idempotency-Key taken).
 */
export type DrawingStatus = "visible" | "pending" | "hidden" | "deleted";

/** Every table Kysely knows about (the live rooms' in room-schema.ts). */
export interface Database extends RoomTables {
  drawings: DrawingsTable;
  reports: ReportsTable;
  reactions: ReactionsTable;
  server_secrets: ServerSecretsTable;
  admin_sessions: AdminSessionsTable;
  prompts: PromptsTable;
  blocked_names: BlockedNamesTable;
}
