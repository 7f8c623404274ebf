import { type Kysely, sql } from "kysely";
import type { DialectSchema } from "../dialect.ts";

// Frozen in time: never import app code here (only the dialect's types), never edit after release; add a
// new file instead. The name is recorded in kysely_migration: renaming it would run it again.

/**
 * A WebP thumbnail per drawing for the wall, made in the background after the save. NULL = pending;
 * rows stored before this migration are pending too, so the worker backfills them.
 */
export async function up(db: Kysely<unknown>, dialect: DialectSchema): Promise<void> {
  await db.schema.alterTable("drawings").addColumn("thumbnail_webp", dialect.bytes).execute();
  await db.schema
    .createIndex("drawings_thumbnail_pending")
    .on("drawings")
    .columns(["created_at", "id"])
    .where(sql.ref("thumbnail_webp"), "is", null)
    .execute();
}

/** Drops the index and the column again. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("drawings_thumbnail_pending").execute();
  await db.schema.alterTable("drawings").dropColumn("thumbnail_webp").execute();
}
