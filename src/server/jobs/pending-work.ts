import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

/** A column a background job fills in; null means the job has yet to run for that drawing. */
export type PendingWorkColumn = "reencoded_at" | "thumbnail_webp";

/**
 * Ids of drawings whose `column` is still null, oldest first (each column has a partial index holding only
 * these). A deleted drawing has no bytes left; listing it would make the worker pick it up forever.
 */
export async function findPendingWork(
  db: Kysely<Database>,
  column: PendingWorkColumn,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom("drawings")
    .select("id")
    .where(column, "is", null)
    .where("status", "!=", "deleted")
    .orderBy("created_at")
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}
