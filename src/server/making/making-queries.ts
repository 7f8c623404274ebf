import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { asBuffer } from "../db/values.ts";
import type { Audience } from "../drawings/queries.ts";

/** A drawing's stored log and the SHA-256 of its bytes (its ETag). */
export interface StoredMaking {
  readonly bytes: Buffer;
  readonly sha256: string;
}

/**
 * The making of one drawing; undefined when it has none (never stored, or removed by a moderator) or `audience`
 * may not see the drawing: the public sees visible drawings only, as their images; moderators every stored one.
 */
export async function findMaking(
  db: Kysely<Database>,
  id: string,
  audience: Audience = "public",
): Promise<StoredMaking | undefined> {
  const query = db
    .selectFrom("drawings")
    .select(["making", "making_sha256"])
    .where("id", "=", id)
    .where("making", "is not", null);
  const row = await (audience === "public"
    ? query.where("status", "=", "visible")
    : query.where("status", "!=", "deleted")
  ).executeTakeFirst();
  if (row?.making == null || row.making_sha256 === null) return undefined;
  return { bytes: asBuffer(row.making), sha256: row.making_sha256 };
}

/**
 * Drops a drawing's making for good (a moderator removes its timelapse alone; the picture stays as it is).
 * Resolves true when it had one.
 */
export async function removeMaking(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db
    .updateTable("drawings")
    .set({ making: null, making_sha256: null })
    .where("id", "=", id)
    .where("making", "is not", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
