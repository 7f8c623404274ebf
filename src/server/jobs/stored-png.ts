import type { Kysely } from "kysely";
import { asBuffer } from "../db/as-buffer.ts";
import type { Database } from "../db/schema.ts";
import type { DrawingImage } from "../drawings/queries.ts";

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
  return { bytes: asBuffer(row.image_data), sha256: row.sha256 };
}
