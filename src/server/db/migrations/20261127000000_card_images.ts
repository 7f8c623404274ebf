import { type Kysely, sql } from "kysely";
import type { DialectSchema } from "../dialect.ts";

// Frozen in time: never import app code here (only the dialect's types), never edit after release; add a
// new file instead. The name is recorded in kysely_migration: renaming it would run it again.

/**
 * A link card image per drawing (1200 x 630 PNG) for the permalink's og:image, made in the background after the
 * save like the thumbnail. NULL = pending; rows stored before this migration are pending too, so the worker
 * backfills them. card_style names the branding and layout it was made in, so a rebranded server makes it again.
 */
export async function up(db: Kysely<unknown>, dialect: DialectSchema): Promise<void> {
  await db.schema.alterTable("drawings").addColumn("card_png", dialect.bytes).execute();
  await db.schema.alterTable("drawings").addColumn("card_style", "text").execute();
  await db.schema
    .createIndex("drawings_card_pending")
    .on("drawings")
    .columns(["created_at", "id"])
    .where(sql.ref("card_png"), "is", null)
    .execute();
}

/** Drops the index and the columns again. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("drawings_card_pending").execute();
  await db.schema.alterTable("drawings").dropColumn("card_style").execute();
  await db.schema.alterTable("drawings").dropColumn("card_png").execute();
}
