import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import type { GalleryCursor } from "./wall-cursor.ts";
import { type WallRow, wallRows } from "./wall-queries.ts";

/** The columns a wall can be narrowed to one value of: a prompt's entries, a name's drawings, a browser's. */
export type ScopeColumn = "prompt_id" | "credit_key" | "saver_hash";

/**
 * Up to `limit` visible drawings whose `column` is `value`, older than `before`, newest first (the id breaking
 * ties). Each column has its partial index (column, status, created_at, id), so a page is one index range
 * however many drawings the wall and the scope hold, as the wall's own pages are.
 */
export async function listScopedDrawings(
  db: Kysely<Database>,
  column: ScopeColumn,
  value: string,
  before: GalleryCursor | undefined,
  limit: number,
): Promise<WallRow[]> {
  let query = db
    .selectFrom("drawings")
    .select("id")
    .where(column, "=", value)
    .where("status", "=", "visible")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit);
  if (before !== undefined) {
    query = query.where((eb) =>
      eb(eb.refTuple("created_at", "id"), "<", eb.tuple(before.createdAt, before.id)),
    );
  }
  return wallRows(
    db,
    (await query.execute()).map((row) => row.id),
  );
}
