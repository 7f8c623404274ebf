import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { isoTime } from "../db/values.ts";
import type { GalleryCursor } from "./wall-cursor.ts";

/** One row of the wall: a visible drawing's id and creation time, without its bytes. */
export interface WallRow {
  readonly id: string;
  readonly createdAt: string;
}

/**
 * Up to `limit` visible drawings older than `before` (all when undefined), newest first, the id
 * breaking ties between equal times. Keyset pagination on (status, created_at, id): each page is one
 * index range however deep it is, where OFFSET would walk every row before it.
 */
export async function listVisibleDrawings(
  db: Kysely<Database>,
  before: GalleryCursor | undefined,
  limit: number,
): Promise<WallRow[]> {
  let query = db
    .selectFrom("drawings")
    .select(["id", "created_at"])
    .where("status", "=", "visible")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit);
  if (before !== undefined) {
    query = query.where((eb) =>
      eb(eb.refTuple("created_at", "id"), "<", eb.tuple(before.createdAt, before.id)),
    );
  }
  const rows = await query.execute();
  return rows.map((row) => ({ id: row.id, createdAt: isoTime(row.created_at) }));
}
