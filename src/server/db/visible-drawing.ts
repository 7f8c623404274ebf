import type { Kysely } from "kysely";
import type { Database } from "./schema.ts";

/**
 * The drawing with this id when the public may see it (status 'visible'), to select columns from: a pending,
 * hidden or deleted drawing reads as none, so a public route cannot tell it from an id that never existed.
 */
export function visibleDrawing(db: Kysely<Database>, id: string) {
  return db.selectFrom("drawings").where("id", "=", id).where("status", "=", "visible");
}
