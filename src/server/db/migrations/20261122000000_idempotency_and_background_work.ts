import { type Kysely, sql } from "kysely";
import type { DialectSchema } from "../dialect.ts";

// Frozen in time: never import app code here (only the dialect's types), never edit after release; add a
// new file instead. The name is recorded in kysely_migration: renaming it would run it again.

/**
 * Idempotency keys and durable background work on the drawings row itself, so a save stays one
 * INSERT: SQLite's single shared connection cannot run a multi-statement transaction safely.
 */
export async function up(db: Kysely<unknown>, dialect: DialectSchema): Promise<void> {
  await db.schema.alterTable("drawings").addColumn("idempotency_key", "text").execute();
  // SHA-256 of the bytes as uploaded; sha256 follows the stored bytes, which re-encoding replaces.
  await db.schema.alterTable("drawings").addColumn("upload_sha256", "text").execute();
  // NULL = re-encoding pending. Rows stored before this migration are pending too, so they get done.
  await db.schema.alterTable("drawings").addColumn("reencoded_at", dialect.time).execute();
  // NULLs never collide, so saves without a key are unaffected.
  await db.schema
    .createIndex("drawings_idempotency_key")
    .unique()
    .on("drawings")
    .column("idempotency_key")
    .execute();
  await db.schema
    .createIndex("drawings_reencode_pending")
    .on("drawings")
    .columns(["created_at", "id"])
    .where(sql.ref("reencoded_at"), "is", null)
    .execute();
}

/** Drops the indexes and columns again. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("drawings_reencode_pending").execute();
  await db.schema.dropIndex("drawings_idempotency_key").execute();
  for (const column of ["reencoded_at", "upload_sha256", "idempotency_key"]) {
    await db.schema.alterTable("drawings").dropColumn(column).execute();
  }
}
