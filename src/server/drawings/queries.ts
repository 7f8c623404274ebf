import type { Insertable, Kysely } from "kysely";
import type { Credit } from "../../common/credit.ts";
import type { StartingPicture } from "../../common/drawing-document/types.ts";
import type { Database, DrawingStatus, DrawingsTable } from "../db/schema.ts";
import { asBuffer, asCount, isoTime } from "../db/values.ts";
import { visibleDrawing } from "../db/visible-drawing.ts";

/** A drawing as the API sees it, without its bytes. */
export interface DrawingRecord {
  readonly id: string;
  readonly createdAt: string;
}

/** A drawing a save stored (or found stored), with the moderation status it has. */
export interface StoredDrawing extends DrawingRecord {
  /** A new save is 'visible' or, under pre-moderation, 'pending'; a replay reports the row as it is now. */
  readonly status: DrawingStatus;
  /** The drawing it remixes, as stored. */
  readonly remixOf: string | null;
  /** The name it was signed with, as stored (null: unsigned, or the name was blocked). */
  readonly credit: string | null;
  /** The prompt it was entered in, as stored (null: none, or the prompt was not running). */
  readonly promptId: string | null;
}

/** The stored PNG with what the image route needs for its headers. */
export interface DrawingImage {
  readonly bytes: Buffer;
  readonly sha256: string;
}

/** What a caller must supply to store a validated PNG. */
export interface NewDrawing {
  readonly id: string;
  readonly png: Buffer;
  readonly sha256: string;
  readonly createdAt: Date;
  /** 'pending' under pre-moderation; absent means 'visible' (the column's default). */
  readonly status?: DrawingStatus;
  /** The drawing it remixes; storeDrawing keeps it only when that one is on the wall. */
  readonly remixOf?: string | undefined;
  /** The name it is signed with (checked by common/credit.ts); storeDrawing drops a blocked one. */
  readonly credit?: Credit | undefined;
  /** The prompt it enters; storeDrawing keeps it only while that prompt runs. */
  readonly promptId?: string | undefined;
  /** The salted hash of the saving browser's visitor id, when it sent one. */
  readonly saverHash?: string | undefined;
  /** Its making (the encoded log its page uploaded beside the PNG), checked by the decoder; absent without one. */
  readonly making?: CheckedMaking | undefined;
}

/** A drawing's log as the decoder passed it: its bytes, their SHA-256 and where it starts. */
export interface CheckedMaking {
  readonly bytes: Buffer;
  readonly sha256: string;
  readonly start: StartingPicture;
}

/** What became of a save that carried an Idempotency-Key. */
export type KeyedSaveOutcome =
  | { readonly kind: "created"; readonly record: StoredDrawing }
  | { readonly kind: "replayed"; readonly record: StoredDrawing }
  | { readonly kind: "key_used_for_other_image" };

/** Stores one drawing; resolves once the row is committed. */
export async function insertDrawing(db: Kysely<Database>, drawing: NewDrawing): Promise<StoredDrawing> {
  await db.insertInto("drawings").values(newRow(drawing)).execute();
  return newRecord(drawing);
}

/**
 * Stores a drawing under an idempotency key at most once, in one statement (no transaction holding
 * SQLite's one connection). When the key is taken, even by a request racing this one, the
 * unique index makes the insert do nothing and the row already stored answers instead.
 */
export async function insertDrawingOnce(
  db: Kysely<Database>,
  drawing: NewDrawing,
  idempotencyKey: string,
): Promise<KeyedSaveOutcome> {
  const inserted = await db
    .insertInto("drawings")
    .values({ ...newRow(drawing), idempotency_key: idempotencyKey })
    .onConflict((conflict) => conflict.column("idempotency_key").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (inserted !== undefined) {
    return { kind: "created", record: newRecord(drawing) };
  }
  // PostgreSQL's insert waited for the racing commit, so this read sees its row; rows are never deleted.
  const stored = await db
    .selectFrom("drawings")
    .select(KEYED_COLUMNS)
    .where("idempotency_key", "=", idempotencyKey)
    .executeTakeFirstOrThrow();
  return replayOf(drawing, stored);
}

/** The columns a replay needs of the row stored under a key (KeyedRow). */
export const KEYED_COLUMNS = [
  "id",
  "created_at",
  "upload_sha256",
  "status",
  "remix_of",
  "credit_name",
  "prompt_id",
] as const;

/** The row stored under a key, as the columns a replay needs. */
export interface KeyedRow {
  readonly id: string;
  readonly created_at: string | Date;
  readonly upload_sha256: string | null;
  readonly status: DrawingStatus;
  readonly remix_of: string | null;
  readonly credit_name: string | null;
  readonly prompt_id: string | null;
}

/** A save whose key already stored `stored`: a replay of the same image, or the key reused for another. */
export function replayOf(drawing: NewDrawing, stored: KeyedRow): KeyedSaveOutcome {
  if (stored.upload_sha256 !== drawing.sha256) return { kind: "key_used_for_other_image" };
  const { id, status } = stored;
  return {
    kind: "replayed",
    record: {
      id,
      createdAt: isoTime(stored.created_at),
      status,
      remixOf: stored.remix_of,
      credit: stored.credit_name,
      promptId: stored.prompt_id,
    },
  };
}

/** The row a save inserts; the upload's hash is kept apart because re-encoding may replace the bytes later. */
export function newRow(drawing: NewDrawing): Insertable<DrawingsTable> {
  return {
    id: drawing.id,
    image_data: drawing.png,
    byte_size: drawing.png.byteLength,
    sha256: drawing.sha256,
    created_at: drawing.createdAt.toISOString(),
    upload_sha256: drawing.sha256,
    status: drawing.status,
    created_day: drawing.createdAt.toISOString().slice(0, 10),
    remix_of: drawing.remixOf ?? null,
    credit_name: drawing.credit?.name ?? null,
    credit_key: drawing.credit?.key ?? null,
    saver_hash: drawing.saverHash ?? null,
    prompt_id: drawing.promptId ?? null,
    making: drawing.making?.bytes ?? null,
    making_sha256: drawing.making?.sha256 ?? null,
  };
}

/** What a save answers for the row it inserted; an absent status is the column's default. */
export function newRecord(drawing: NewDrawing): StoredDrawing {
  const { id, status = "visible", remixOf = null, promptId = null } = drawing;
  const credit = drawing.credit?.name ?? null;
  return { id, createdAt: drawing.createdAt.toISOString(), status, remixOf, credit, promptId };
}

/** Whose eyes a read is for: the public sees visible drawings only; work and moderators see every stored one. */
export type Audience = "public" | "stored";

/**
 * The PNG of one drawing; undefined when no drawing has that id or `audience` may not see it. The public image
 * route reads "public" (pending, hidden and deleted look like an unknown id); background work and moderators
 * read "stored" (a pending drawing still needs its thumbnail; deleted drawings have no bytes left).
 */
export async function findDrawingImage(
  db: Kysely<Database>,
  id: string,
  audience: Audience = "public",
): Promise<DrawingImage | undefined> {
  const query = db.selectFrom("drawings").select(["image_data", "sha256"]).where("id", "=", id);
  const row = await (audience === "public"
    ? query.where("status", "=", "visible")
    : query.where("status", "!=", "deleted")
  ).executeTakeFirst();
  if (row === undefined) return undefined;
  return { bytes: asBuffer(row.image_data), sha256: row.sha256 };
}

/**
 * The drawing with this id when the public may see it (status 'visible'); undefined when there is none or it is
 * pending, hidden or deleted, so a public page cannot tell those apart from an id that never existed.
 */
export async function findVisibleDrawing(
  db: Kysely<Database>,
  id: string,
): Promise<DrawingRecord | undefined> {
  const row = await visibleDrawing(db, id).select(["id", "created_at"]).executeTakeFirst();
  return row === undefined ? undefined : { id: row.id, createdAt: isoTime(row.created_at) };
}

/** How many drawings are stored. */
export async function countDrawings(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("drawings")
    .select((eb) => eb.fn.countAll().as("count"))
    .executeTakeFirstOrThrow();
  return asCount(row.count);
}
