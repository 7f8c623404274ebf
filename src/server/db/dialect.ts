import { type CreateTableBuilder, type RawBuilder, sql } from "kysely";
import type { StoreConfig } from "../config.ts";

// The few places where the SQLite and the PostgreSQL schema differ, in one place. Migrations get them as an
// argument (migrate.ts), so there is one migration set and a column cannot exist on one store only.

/** What a migration may ask of the dialect it runs on. */
export interface DialectSchema {
  /** Bytes (a PNG, a thumbnail): SQLite BLOB, PostgreSQL bytea. */
  readonly bytes: "blob" | "bytea";
  /** An instant to the millisecond: SQLite ISO 8601 text (it sorts in time order), PostgreSQL timestamptz(3). */
  readonly time: "text" | "timestamptz(3)";
  /** SQLite makes the table STRICT, so a BLOB column can never silently hold text; PostgreSQL always is. */
  strict<Table extends string, Columns extends string>(
    table: CreateTableBuilder<Table, Columns>,
  ): CreateTableBuilder<Table, Columns>;
  /** The UTC day ('2026-11-26') of a time column, as text: SQLite's ISO text begins with it. */
  utcDay(column: string): RawBuilder<string>;
}

/** Each store's schema differences. */
export const DIALECT_SCHEMAS: Readonly<Record<StoreConfig["dialect"], DialectSchema>> = {
  sqlite: {
    bytes: "blob",
    time: "text",
    strict: (table) => table.modifyEnd(sql`strict`),
    utcDay: (column) => sql<string>`substr(${sql.ref(column)}, 1, 10)`,
  },
  postgres: {
    bytes: "bytea",
    time: "timestamptz(3)",
    strict: (table) => table,
    utcDay: (column) => sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD')`,
  },
};
