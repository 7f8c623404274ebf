import { type Kysely, sql } from "kysely";

// Frozen in time: never import app code here, never edit after release; add a new file instead. The name is
// recorded in kysely_migration: renaming it would run it again.

/**
 * Reactions belong to a browser. A new row's reactor_hash is the salted hash of its browser's visitor id; its
 * address_hash is the salted hash of the address it came from (the IPv4 address or the IPv6 /64), which bounds
 * how many browsers of one address a drawing counts. A row given before this was keyed by its address alone:
 * its address_hash is its reactor_hash, so it keeps counting, counts as one browser of that address, and the
 * first browser of that address to give the same reaction takes it over instead of counting twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("reactions").addColumn("address_hash", "text").execute();
  await db
    .updateTable("reactions" as never)
    .set({ address_hash: sql.ref("reactor_hash") } as never)
    .execute();
  // The browsers of one address that reacted to one drawing: one index range.
  await db.schema
    .createIndex("reactions_by_address")
    .on("reactions")
    .columns(["drawing_id", "address_hash", "reactor_hash"])
    .execute();
}

/** Drops the index and the column again (rows keep their reactor_hash). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("reactions_by_address").execute();
  await db.schema.alterTable("reactions").dropColumn("address_hash").execute();
}
