import { type Kysely, sql } from "kysely";
import type { DialectSchema } from "../dialect.ts";

// Frozen in time: never import app code here (only the dialect's types), never edit after release; add a
// new file instead. The name is recorded in kysely_migration: renaming it would run it again.

/** The drawings' new columns, in the order they are added (dropped in reverse). */
const DRAWING_COLUMNS = ["credit_name", "credit_key", "saver_hash", "prompt_id", "prompt_place"];

/**
 * Credit and prompts (docs/decisions/0026-credit-and-prompts.md). A drawing may carry the name it was signed
 * with (credit_name as shown, credit_key as names are told apart), the salted hash of the browser that saved it
 * (saver_hash: "Your drawings"), the prompt it was entered in (prompt_id) and, once that prompt has ended, its
 * place among the prompt's top three (prompt_place). prompts holds the operator's themes and their dates;
 * blocked_names the names moderators blocked (by key). Each listing has its own index range, so a name's page,
 * a browser's drawings and a prompt's tab (newest and Top) cost what the wall's pages cost at any size.
 */
export async function up(db: Kysely<unknown>, dialect: DialectSchema): Promise<void> {
  await dialect
    .strict(
      db.schema
        .createTable("prompts")
        .addColumn("id", "text", (column) => column.primaryKey())
        .addColumn("title", "text", (column) => column.notNull())
        .addColumn("hashtag", "text")
        .addColumn("starts_at", dialect.time, (column) => column.notNull())
        .addColumn("ends_at", dialect.time, (column) => column.notNull())
        .addColumn("time_zone", "text", (column) => column.notNull())
        // 'branding' (the branding file, synced at start) or 'admin' (set in /admin).
        .addColumn("source", "text", (column) => column.notNull())
        // When its top three were marked, after it ended; NULL until then.
        .addColumn("settled_at", dialect.time),
    )
    .execute();
  await dialect
    .strict(
      db.schema
        .createTable("blocked_names")
        .addColumn("name_key", "text", (column) => column.primaryKey())
        .addColumn("name", "text", (column) => column.notNull())
        .addColumn("blocked_at", dialect.time, (column) => column.notNull()),
    )
    .execute();
  await db.schema.alterTable("drawings").addColumn("credit_name", "text").execute();
  await db.schema.alterTable("drawings").addColumn("credit_key", "text").execute();
  await db.schema.alterTable("drawings").addColumn("saver_hash", "text").execute();
  // No foreign key: SQLite could not drop the column again, and deleting a prompt lets its entries go by hand.
  await db.schema.alterTable("drawings").addColumn("prompt_id", "text").execute();
  await db.schema.alterTable("drawings").addColumn("prompt_place", "integer").execute();
  const ranges: [string, string, string[]][] = [
    ["drawings_by_credit", "credit_key", ["credit_key", "status", "created_at", "id"]],
    ["drawings_by_saver", "saver_hash", ["saver_hash", "status", "created_at", "id"]],
    ["drawings_prompt_new", "prompt_id", ["prompt_id", "status", "created_at", "id"]],
    ["drawings_prompt_top", "prompt_id", ["prompt_id", "status", "reaction_count", "created_at", "id"]],
    // The ended prompts' top three: at most three rows a prompt.
    ["drawings_prompt_places", "prompt_place", ["prompt_id", "prompt_place"]],
  ];
  for (const [name, column, columns] of ranges) {
    await db.schema
      .createIndex(name)
      .on("drawings")
      .columns(columns)
      .where(sql.ref(column), "is not", null)
      .execute();
  }
}

/** Drops the indexes, columns and tables again. */
export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    "drawings_prompt_places",
    "drawings_prompt_top",
    "drawings_prompt_new",
    "drawings_by_saver",
    "drawings_by_credit",
  ]) {
    await db.schema.dropIndex(index).execute();
  }
  for (const column of DRAWING_COLUMNS.toReversed()) {
    await db.schema.alterTable("drawings").dropColumn(column).execute();
  }
  await db.schema.dropTable("blocked_names").execute();
  await db.schema.dropTable("prompts").execute();
}
