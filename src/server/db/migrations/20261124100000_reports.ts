import type { Kysely } from "kysely";
import type { DialectSchema } from "../dialect.ts";

// Frozen in time: never import app code here (only the dialect's types), never edit after release; add a
// new file instead. The name is recorded in kysely_migration: renaming it would run it again.

/**
 * Visitors' reports: one row per client and drawing (a client is a salted hash of its address, never
 * the address itself), so reporting twice counts once. reviewed_at on a drawing marks a moderator's
 * decision; only reports made after it count towards hiding the drawing again. server_secrets keeps
 * the salt in the database, so every server process on it hashes a client the same way.
 */
export async function up(db: Kysely<unknown>, dialect: DialectSchema): Promise<void> {
  await db.schema.alterTable("drawings").addColumn("reviewed_at", dialect.time).execute();
  await db.schema
    .createTable("reports")
    .addColumn("drawing_id", "text", (column) =>
      column.notNull().references("drawings.id").onDelete("cascade"),
    )
    .addColumn("reporter_hash", "text", (column) => column.notNull())
    .addColumn("reason", "text")
    .addColumn("created_at", dialect.time, (column) => column.notNull())
    .addPrimaryKeyConstraint("reports_drawing_reporter", ["drawing_id", "reporter_hash"])
    .execute();
  await db.schema
    .createTable("server_secrets")
    .addColumn("name", "text", (column) => column.primaryKey())
    .addColumn("value", "text", (column) => column.notNull())
    .execute();
}

/** Drops the tables and the column again. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("server_secrets").execute();
  await db.schema.dropTable("reports").execute();
  await db.schema.alterTable("drawings").dropColumn("reviewed_at").execute();
}
