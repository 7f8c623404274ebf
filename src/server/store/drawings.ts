import type { Kysely } from "kysely";
import type { Database } from "./database.ts";

/** A drawing as the API sees it, without its bytes. */
export interface DrawingRecord {
  readonly id: string;
  readonly createdAt: string;
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
}

/** Stores one drawing; resolves once the row is committed. */
export async function insertDrawing(db: Kysely<Database>, drawing: NewDrawing): Promise<DrawingRecord> {
  const createdAt = drawing.createdAt.toISOString();
  await db
    .insertInto("drawings")
    .values({
      id: drawing.id,
      image_data: drawing.png,
      byte_size: drawing.png.byteLength,
      sha256: drawing.sha256,
      created_at: createdAt,
    })
    .execute();
  return { id: drawing.id, createdAt };
}

/** The PNG bytes of one drawing, or undefined when no drawing has that id. */
export async function findDrawingImage(db: Kysely<Database>, id: string): Promise<DrawingImage | undefined> {
  const row = await db
    .selectFrom("drawings")
    .select(["image_data", "sha256"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  const data = row.image_data;
  // Wrap without copying: node:sqlite gives a Uint8Array, pg already a Buffer.
  const bytes = Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return { bytes, sha256: row.sha256 };
}

/** How many drawings are stored. */
export async function countDrawings(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("drawings")
    .select((eb) => eb.fn.countAll().as("count"))
    .executeTakeFirstOrThrow();
  // pg returns count(*) as a string (bigint); SQLite as a number.
  return Number(row.count);
}
