import type { Kysely } from "kysely";
import type { DialectSchema } from "../dialect.ts";

// Frozen in time: never import app code here (only the dialect's types), never edit after release; add a
// new file instead. The name is recorded in kysely_migration: renaming it would run it again.

/**
 * Live rooms. A room's log is its entries, numbered by seq without gaps under its row's lock (rooms.last_seq),
 * each unique per author and op id, so an entry sent again is found instead of added twice; rooms.snapshot
 * folds the log up to snapshot_seq. room_people gives each browser (a salted hash of its visitor id) its author
 * slot and name; room_bans keeps the host's bans and kicks (until: NULL for a ban). room_live carries the
 * passing frames (strokes being drawn, pointers, who is there) from one process to the others on PostgreSQL,
 * named by id in a NOTIFY and deleted seconds later; SQLite's one process never writes it.
 */
export async function up(db: Kysely<unknown>, dialect: DialectSchema): Promise<void> {
  await dialect
    .strict(
      db.schema
        .createTable("rooms")
        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("host_hash", "text", (column) => column.notNull())
        .addColumn("start_kind", "text", (column) => column.notNull())
        .addColumn("start_drawing", "text")
        .addColumn("created_at", dialect.time, (column) => column.notNull())
        .addColumn("last_active_at", dialect.time, (column) => column.notNull())
        .addColumn("ended_at", dialect.time)
        .addColumn("last_seq", "integer", (column) => column.notNull().defaultTo(0))
        .addColumn("locked", "integer", (column) => column.notNull().defaultTo(0))
        .addColumn("snapshot", dialect.bytes)
        .addColumn("snapshot_seq", "integer", (column) => column.notNull().defaultTo(0)),
    )
    .execute();
  await db.schema.createIndex("rooms_by_activity").on("rooms").columns(["last_active_at"]).execute();
  await dialect
    .strict(
      db.schema
        .createTable("room_entries")
        .addColumn("room_id", "text", (column) => column.notNull().references("rooms.id").onDelete("cascade"))
        .addColumn("seq", "integer", (column) => column.notNull())
        .addColumn("author", "integer", (column) => column.notNull())
        // Decimal text: op ids go up to 2^48, past PostgreSQL's integer; NULL for what the server made.
        .addColumn("op_id", "text")
        .addColumn("kind", "text", (column) => column.notNull())
        .addColumn("target", "integer")
        .addColumn("body", dialect.bytes)
        .addPrimaryKeyConstraint("room_entries_in_order", ["room_id", "seq"]),
    )
    .execute();
  await db.schema
    .createIndex("room_entries_once")
    .on("room_entries")
    .columns(["room_id", "author", "op_id"])
    .unique()
    .execute();
  await dialect
    .strict(
      db.schema
        .createTable("room_people")
        .addColumn("room_id", "text", (column) => column.notNull().references("rooms.id").onDelete("cascade"))
        .addColumn("slot", "integer", (column) => column.notNull())
        .addColumn("visitor_hash", "text", (column) => column.notNull())
        .addColumn("name", "text", (column) => column.notNull())
        .addPrimaryKeyConstraint("room_people_slots", ["room_id", "slot"]),
    )
    .execute();
  await db.schema
    .createIndex("room_people_once")
    .on("room_people")
    .columns(["room_id", "visitor_hash"])
    .unique()
    .execute();
  await dialect
    .strict(
      db.schema
        .createTable("room_bans")
        .addColumn("room_id", "text", (column) => column.notNull().references("rooms.id").onDelete("cascade"))
        .addColumn("visitor_hash", "text", (column) => column.notNull())
        .addColumn("until", dialect.time)
        .addPrimaryKeyConstraint("room_bans_once", ["room_id", "visitor_hash"]),
    )
    .execute();
  await dialect
    .strict(
      db.schema
        .createTable("room_live")
        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("frames", dialect.bytes, (column) => column.notNull())
        .addColumn("created_at", dialect.time, (column) => column.notNull()),
    )
    .execute();
}

/** Drops the rooms' tables again. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["room_live", "room_bans", "room_people", "room_entries", "rooms"]) {
    await db.schema.dropTable(table).execute();
  }
}
