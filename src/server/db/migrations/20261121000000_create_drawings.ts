import type { Kysely } from "kysely";
import type { DialectSchema } from "../dialect.ts";

// Frozen in time: never import app code here (only the dialect's types), never edit after release; add a
// new file instead. The name is recorded in kysely_migration: renaming it would run it again.

/** Creates the drawings table (STRICT on SQLite) with the PNG as bytes. */
export async function up(db: Kysely<unknown>, dialect: DialectSchema): Promise<void> {
  const table = db.schema
    .createTable("drawings")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("image_data", dialect.bytes, (col) => col.notNull())
    .addColumn("byte_size", "integer", (col) => col.notNull())
    .addColumn("sha256", "text", (col) => col.notNull())
    .addColumn("created_at", dialect.time, (col) => col.notNull());
  await dialect.strict(table).execute();
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
