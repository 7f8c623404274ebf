import type { Kysely } from "kysely";

// Frozen in time: never import app code here, never edit after release; add a new file instead.

/** Creates the drawings table with the PNG as bytea. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("drawings")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("image_data", "bytea", (col) => col.notNull())
    .addColumn("byte_size", "integer", (col) => col.notNull())
    .addColumn("sha256", "text", (col) => col.notNull())
    .addColumn("created_at", "timestamptz(3)", (col) => col.notNull())
    .execute();
  // Newest-first listing walks this index backwards (keyset pagination on created_at, id).
  await db.schema
    .createIndex("drawings_created_at_id")
    .on("drawings")
    .columns(["created_at", "id"])
    .execute();
}

/** Drops the drawings table and its index. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("drawings").execute();
}
