import type { DatabaseSync, SQLInputValue } from "node:sqlite";
import type { SqliteDatabase, SqliteStatement } from "kysely";

/**
 * Kysely's SqliteDialect speaks better-sqlite3's API (`stmt.reader`, params as one array).
 * Node's built-in `node:sqlite` has `stmt.columns()` and takes spread params, so this adapter
 * translates; it saves a native dependency and a compile step on every install.
 */
export function adaptNodeSqlite(database: DatabaseSync): SqliteDatabase {
  return {
    close: () => database.close(),
    prepare: (sql) => adaptStatement(database, sql),
  };
}

function adaptStatement(database: DatabaseSync, sql: string): SqliteStatement {
  const statement = database.prepare(sql);
  return {
    // A statement that yields columns (SELECT, or INSERT ... RETURNING) must be read with all().
    reader: statement.columns().length > 0,
    all: (parameters) => statement.all(...toSqliteValues(parameters)),
    run: (parameters) => statement.run(...toSqliteValues(parameters)),
    iterate: (parameters) => statement.iterate(...toSqliteValues(parameters)),
  };
}

/** node:sqlite refuses booleans, undefined and Dates that better-sqlite3 tolerated; convert them explicitly. */
function toSqliteValues(parameters: ReadonlyArray<unknown>): SQLInputValue[] {
  return parameters.map(toSqliteValue);
}

function toSqliteValue(value: unknown): SQLInputValue {
  if (value === null || value === undefined) return null;
  if (typeof value === "string" || typeof value === "number" || typeof value === "bigint") return value;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return value as NodeJS.ArrayBufferView;
  throw new TypeError(`Cannot bind a ${typeof value} value to a SQLite statement`);
}
