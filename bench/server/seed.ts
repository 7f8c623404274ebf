import { randomBytes } from "node:crypto";
import { crc32 } from "node:zlib";
import type { Insertable, Kysely } from "kysely";
import sharp from "sharp";
import { CANVAS_SIZE } from "../../src/common/constants.ts";
import type { Database, DrawingsTable } from "../../src/server/db/schema.ts";

/** Rows per INSERT (8 columns: well under SQLite's and PostgreSQL's parameter limits). */
const ROWS_PER_STATEMENT = 500;
/** Rows per transaction: one commit (one fsync) per this many rows. */
const ROWS_PER_TRANSACTION = 5000;
/** The newest seeded drawing; row k is k seconds older. */
const NEWEST = Date.parse("2026-06-01T12:00:00.000Z");

/** What seeded rows are made of: one small real PNG and a pool of real thumbnails. */
export interface SeedMaterial {
  readonly png: Buffer;
  readonly thumbnails: readonly Buffer[];
}

/** A flat 600 x 600 PNG (about 1 KB) and 32 tiny WebP thumbnails of different colours. */
export async function seedMaterial(): Promise<SeedMaterial> {
  const flat = (r: number, size: number) =>
    sharp({ create: { width: size, height: size, channels: 3, background: { r, g: 200, b: 120 } } });
  const png = await flat(250, CANVAS_SIZE).png({ compressionLevel: 9 }).toBuffer();
  const thumbnails = await Promise.all(
    Array.from({ length: 32 }, (_, index) =>
      flat(index * 8, 300)
        .webp({ quality: 80 })
        .toBuffer(),
    ),
  );
  return { png, thumbnails };
}

/** The PNG with a tEXt chunk naming `index` before IEND: a valid, distinct file for every row. */
function distinctPng(png: Buffer, index: number): Buffer {
  const body = Buffer.concat([Buffer.from("tEXt", "latin1"), Buffer.from(`seed\0${index}`, "latin1")]);
  const chunk = Buffer.alloc(body.length + 8);
  chunk.writeUInt32BE(body.length - 4, 0);
  body.copy(chunk, 4);
  chunk.writeUInt32BE(crc32(body), body.length + 4);
  const iend = png.length - 12;
  return Buffer.concat([png.subarray(0, iend), chunk, png.subarray(iend)]);
}

function row(material: SeedMaterial, index: number): Insertable<DrawingsTable> {
  const png = distinctPng(material.png, index);
  const sha256 = randomBytes(32).toString("hex");
  const createdAt = new Date(NEWEST - index * 1000).toISOString();
  return {
    id: randomBytes(9).toString("base64url"),
    image_data: png,
    byte_size: png.length,
    sha256,
    upload_sha256: sha256,
    created_at: createdAt,
    // Done already, so the server's worker finds nothing to do and the timings are the wall's alone.
    reencoded_at: createdAt,
    thumbnail_webp: material.thumbnails[index % material.thumbnails.length] ?? null,
    status: "visible",
  };
}

/**
 * Inserts rows `from` .. `to - 1` (row 0 newest) straight through the store's Kysely, batched in
 * transactions; what a save would do per row (validation, hashing, a commit each) is skipped on purpose.
 */
export async function seedDrawings(
  db: Kysely<Database>,
  material: SeedMaterial,
  from: number,
  to: number,
): Promise<void> {
  for (let start = from; start < to; start += ROWS_PER_TRANSACTION) {
    const end = Math.min(to, start + ROWS_PER_TRANSACTION);
    await db.transaction().execute(async (trx) => {
      for (let first = start; first < end; first += ROWS_PER_STATEMENT) {
        const count = Math.min(ROWS_PER_STATEMENT, end - first);
        const rows = Array.from({ length: count }, (_, offset) => row(material, first + offset));
        await trx.insertInto("drawings").values(rows).execute();
      }
    });
  }
}
