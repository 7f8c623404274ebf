import type { Kysely } from "kysely";
import type { DialectSchema } from "../dialect.ts";

// Frozen in time: never import app code here (only the dialect's types), never edit after release; add a
// new file instead. The name is recorded in kysely_migration: renaming it would run it again.

/**
 * A room's picture, kept in the store so a late joiner after a restart, in another process, or with nobody
 * else in the room paints it instead of replaying the log: the last PNG the host's page sent, of the log
 * through `seq` with `painted` operations on, and `shows`, the server's digest of which operations those are
 * (the picture still shows the log while the digest of the log as it stands is the same). One per room.
 */
export async function up(db: Kysely<unknown>, dialect: DialectSchema): Promise<void> {
  await dialect
    .strict(
      db.schema
        .createTable("room_pictures")
        .addColumn("room_id", "text", (column) =>
          column.primaryKey().references("rooms.id").onDelete("cascade"),
        )
        .addColumn("seq", "integer", (column) => column.notNull())
        .addColumn("painted", "integer", (column) => column.notNull())
        .addColumn("shows", "text", (column) => column.notNull())
        .addColumn("png", dialect.bytes, (column) => column.notNull())
        .addColumn("stored_at", dialect.time, (column) => column.notNull()),
    )
    .execute();
}

/** Drops the table again. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("room_pictures").execute();
}
