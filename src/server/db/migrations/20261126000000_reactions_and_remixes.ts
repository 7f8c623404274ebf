import { type Kysely, sql } from "kysely";
import type { DialectSchema } from "../dialect.ts";

// Frozen in time: never import app code here (only the dialect's types), never edit after release; add a
// new file instead. The name is recorded in kysely_migration: renaming it would run it again.

/** The counters a reaction changes on its drawing; the kinds are the app's, frozen here as they were. */
const COUNTERS = ["heart_count", "fire_count", "lol_count", "reaction_count", "reactions_version"];

/**
 * Reactions and remixes. A reaction is one row per visitor (the reporters' salted address hash), drawing and
 * kind, so giving it twice counts once. Each drawing keeps its counts in its own row, changed in the same
 * transaction as the reaction rows (reaction_count is their sum, the order of the Top wall; reactions_version
 * grows with every change, so pages keep the newest counts whatever order they hear them in). created_day is
 * the UTC day it was stored, the bucket of the "this week" Top (docs/decisions/0012-top-drawings.md).
 * remix_of names the drawing it was made from.
 */
export async function up(db: Kysely<unknown>, dialect: DialectSchema): Promise<void> {
  await dialect
    .strict(
      db.schema
        .createTable("reactions")
        .addColumn("drawing_id", "text", (column) =>
          column.notNull().references("drawings.id").onDelete("cascade"),
        )
        .addColumn("reactor_hash", "text", (column) => column.notNull())
        .addColumn("kind", "text", (column) => column.notNull())
        .addColumn("created_at", dialect.time, (column) => column.notNull())
        .addPrimaryKeyConstraint("reactions_drawing_reactor_kind", ["drawing_id", "reactor_hash", "kind"]),
    )
    .execute();
  for (const counter of COUNTERS) {
    await db.schema
      .alterTable("drawings")
      .addColumn(counter, "integer", (column) => column.notNull().defaultTo(0))
      .execute();
  }
  await db.schema.alterTable("drawings").addColumn("created_day", "text").execute();
  await db
    .updateTable("drawings" as never)
    .set({ created_day: dialect.utcDay("created_at") } as never)
    .execute();
  await db.schema
    .alterTable("drawings")
    .addColumn("remix_of", "text", (column) => column.references("drawings.id").onDelete("set null"))
    .execute();
  // Top, all time: one index range however deep the page (keyset on count, time, id).
  await db.schema
    .createIndex("drawings_top")
    .on("drawings")
    .columns(["status", "reaction_count", "created_at", "id"])
    .execute();
  // Top, this week: the same range within each of the week's days.
  await db.schema
    .createIndex("drawings_top_by_day")
    .on("drawings")
    .columns(["status", "created_day", "reaction_count", "created_at", "id"])
    .execute();
  // A drawing's remixes, newest first.
  await db.schema
    .createIndex("drawings_remixes")
    .on("drawings")
    .columns(["remix_of", "status", "created_at", "id"])
    .where(sql.ref("remix_of"), "is not", null)
    .execute();
}

/** Drops the indexes, columns and table again. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of ["drawings_remixes", "drawings_top_by_day", "drawings_top"]) {
    await db.schema.dropIndex(index).execute();
  }
  for (const column of ["remix_of", "created_day", ...COUNTERS.toReversed()]) {
    await db.schema.alterTable("drawings").dropColumn(column).execute();
  }
  await db.schema.dropTable("reactions").execute();
}
