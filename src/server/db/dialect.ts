import { type CreateTableBuilder, sql } from "kysely";
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
}

/** Each store's schema differences. */
export const DIALECT_SCHEMAS: Readonly<Record<StoreConfig["dialect"], DialectSchema>> = {
  sqlite: { bytes: "blob", time: "text", strict: (table) => table.modifyEnd(sql`strict`) },
  postgres: { bytes: "bytea", time: "timestamptz(3)", strict: (table) => table },
};
