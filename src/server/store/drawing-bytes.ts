import type { Kysely } from "kysely";
import type { Database } from "./database.ts";
import type { DrawingImage } from "./drawings.ts";

/**
 * A drawing's stored PNG whatever its moderation status, for background work: a pending or hidden
 * drawing still needs its thumbnail and re-encoding, so that approving or restoring it shows it at once.
 * (findDrawingImage serves the public and sees visible drawings only; a job that used it would find
 * nothing for a pending drawing, never mark it done, and list it again forever.) Deleted drawings have
 * no bytes left to work on.
 */
export async function findStoredPng(db: Kysely<Database>, id: string): Promise<DrawingImage | undefined> {
  const row = await db
    .selectFrom("drawings")
    .select(["image_data", "sha256"])
    .where("id", "=", id)
    .where("status", "!=", "deleted")
    .executeTakeFirst();
  if (row === undefined) return undefined;
  const data = row.image_data;
  // Wrap without copying: node:sqlite gives a Uint8Array, pg already a Buffer.
  const bytes = Buffer.isBuffer(data) ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  return { bytes, sha256: row.sha256 };
}
