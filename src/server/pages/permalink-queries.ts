import type { Kysely } from "kysely";
import { isoTime } from "../db/iso-time.ts";
import type { Database } from "../db/schema.ts";
import type { DrawingRecord } from "../drawings/queries.ts";

/**
 * The drawing with this id when the public may see it (status 'visible'); undefined when there is none or it is
 * pending, hidden or deleted, so a public page cannot tell those apart from an id that never existed.
 */
export async function findVisibleDrawing(
  db: Kysely<Database>,
  id: string,
): Promise<DrawingRecord | undefined> {
  const row = await db
    .selectFrom("drawings")
    .select(["id", "created_at"])
    .where("id", "=", id)
    .where("status", "=", "visible")
    .executeTakeFirst();
  return row === undefined ? undefined : { id: row.id, createdAt: isoTime(row.created_at) };
}
