import type { Kysely } from "kysely";
import type { DialectSchema } from "../dialect.ts";

// Frozen in time: never import app code here (only the dialect's types), never edit after release; add a
// new file instead. The name is recorded in kysely_migration: renaming it would run it again.

/**
 * A drawing's making: the encoded log of operations the page uploaded beside the PNG (its timelapse), and the
 * SHA-256 of those bytes (its ETag). NULL for a save without one (the REST insert, older drawings), or once a
 * moderator removed the timelapse; rows stored before this migration have none.
 */
export async function up(db: Kysely<unknown>, dialect: DialectSchema): Promise<void> {
  await db.schema.alterTable("drawings").addColumn("making", dialect.bytes).execute();
  await db.schema.alterTable("drawings").addColumn("making_sha256", "text").execute();
}

/** Drops the columns again. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("drawings").dropColumn("making_sha256").execute();
  await db.schema.alterTable("drawings").dropColumn("making").execute();
}
