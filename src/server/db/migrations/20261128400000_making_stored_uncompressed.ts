import { type Kysely, sql } from "kysely";
import type { DialectSchema } from "../dialect.ts";

// Frozen in time: never import app code here (only the dialect's types), never edit after release; add a
// new file instead. The name is recorded in kysely_migration: renaming it would run it again.

/**
 * PostgreSQL keeps a drawing's making out of line and uncompressed (STORAGE EXTERNAL). By default it tries to
 * compress every large bytea with pglz before storing it: a 127 KB log of varints does not shrink by the quarter
 * pglz asks, so it was stored as it came anyway, after about 5 ms of the save's time spent trying
 * (docs/decisions/0035). Rows stored before keep their bytes as they are. SQLite has no such setting.
 */
export async function up(db: Kysely<unknown>, dialect: DialectSchema): Promise<void> {
  if (dialect.bytes !== "bytea") return;
  await sql`alter table drawings alter column making set storage external`.execute(db);
}

/** PostgreSQL's default again. */
export async function down(db: Kysely<unknown>, dialect: DialectSchema): Promise<void> {
  if (dialect.bytes !== "bytea") return;
  await sql`alter table drawings alter column making set storage extended`.execute(db);
}
