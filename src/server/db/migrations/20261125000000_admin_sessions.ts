import type { Kysely } from "kysely";
import type { DialectSchema } from "../dialect.ts";

// Frozen in time: never import app code here (only the dialect's types), never edit after release; add a
// new file instead. The name is recorded in kysely_migration: renaming it would run it again.

/**
 * Moderators' sessions, so signing out ends one for good in every process: a row per signed-in session,
 * keyed by a hash of its random id (the cookie holds the id, the database never does), until it expires.
 */
export async function up(db: Kysely<unknown>, dialect: DialectSchema): Promise<void> {
  await dialect
    .strict(
      db.schema
        .createTable("admin_sessions")
        .addColumn("id_hash", "text", (column) => column.primaryKey())
        .addColumn("expires_at", dialect.time, (column) => column.notNull()),
    )
    .execute();
}

/** Drops the table again. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("admin_sessions").execute();
}
