import type { Kysely } from "kysely";

// Frozen in time: never import app code here (only the dialect's types), never edit after release; add a
// new file instead. The name is recorded in kysely_migration: renaming it would run it again.

/**
 * Every drawing gets a moderation status: 'visible' (shown on the wall), 'pending' (pre-moderation:
 * waiting for approval), 'hidden' (reported past the threshold, or hidden by a moderator) or
 * 'deleted' (removed by a moderator; the row stays so a retried Idempotency-Key cannot bring it back).
 * Rows stored before this migration stay visible, as they were.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("drawings")
    .addColumn("status", "text", (column) => column.notNull().defaultTo("visible"))
    .execute();
  // The wall lists visible drawings newest first with keyset pagination on (created_at, id).
  await db.schema
    .createIndex("drawings_status_created")
    .on("drawings")
    .columns(["status", "created_at", "id"])
    .execute();
}

/** Drops the index and the column again. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("drawings_status_created").execute();
  await db.schema.alterTable("drawings").dropColumn("status").execute();
}
