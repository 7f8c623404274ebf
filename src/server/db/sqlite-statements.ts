import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";

// What both SQLite connections of a store share: how a connection is opened and how a statement runs. The
// event loop's connection reads; the writer thread's connection writes (db/sqlite-writer-thread.ts).

/** How long a writer waits for SQLite's lock before failing (another process, or a checkpoint). */
export const SQLITE_BUSY_TIMEOUT_MS = 5000;
/** Distinct SQL texts kept prepared per connection; the app has a few dozen. */
const PREPARED_STATEMENTS = 256;

/** What one statement gave back: its rows (SELECT, or INSERT ... RETURNING), or what it changed. */
export interface SqliteResult {
  readonly rows: unknown[];
  readonly changes?: number | bigint;
  readonly lastInsertRowid?: number | bigint;
}

/** Opens the store's file with the settings every connection needs. */
export function openSqliteConnection(file: string): DatabaseSync {
  mkdirSync(dirname(file), { recursive: true });
  const database = new DatabaseSync(file, { timeout: SQLITE_BUSY_TIMEOUT_MS });
  // WAL lets the reading connection run during a write; FULL syncs the WAL on every commit, so a 201
  // survives a kill and a power cut (docs/decisions/0004-sqlite-by-default.md, 0011-group-commit.md).
  database.exec("PRAGMA journal_mode = WAL");
  database.exec("PRAGMA synchronous = FULL");
  database.exec(`PRAGMA busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  database.exec("PRAGMA foreign_keys = ON");
  return database;
}

/** Prepared statements of one connection by SQL text: Kysely sends the same few texts again and again. */
export class PreparedStatements {
  readonly #statements = new Map<string, { statement: StatementSync; reader: boolean }>();
  readonly #database: DatabaseSync;

  constructor(database: DatabaseSync) {
    this.#database = database;
  }

  /** Runs `sql` once with `parameters`: rows when it yields columns, otherwise what it changed. */
  run(sql: string, parameters: readonly unknown[]): SqliteResult {
    const { statement, reader } = this.#prepared(sql);
    const values = parameters.map(toSqliteValue);
    if (reader) return { rows: statement.all(...values) };
    const { changes, lastInsertRowid } = statement.run(...values);
    return { rows: [], changes, lastInsertRowid };
  }

  /** Rows one at a time, for Kysely's stream(). */
  *iterate(sql: string, parameters: readonly unknown[]): Generator<unknown> {
    yield* this.#prepared(sql).statement.iterate(...parameters.map(toSqliteValue));
  }

  #prepared(sql: string): { statement: StatementSync; reader: boolean } {
    const cached = this.#statements.get(sql);
    if (cached !== undefined) return cached;
    const statement = this.#database.prepare(sql);
    // A statement that yields columns (SELECT, or INSERT ... RETURNING) must be read with all().
    const entry = { statement, reader: statement.columns().length > 0 };
    // Dynamic SQL (an IN list of varying length) must not grow this without bound.
    if (this.#statements.size >= PREPARED_STATEMENTS) this.#statements.clear();
    this.#statements.set(sql, entry);
    return entry;
  }
}

/** node:sqlite refuses booleans, undefined and Dates that better-sqlite3 tolerated; convert them explicitly. */
function toSqliteValue(value: unknown): SQLInputValue {
  if (value === null || value === undefined) return null;
  if (typeof value === "string" || typeof value === "number" || typeof value === "bigint") return value;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return value as NodeJS.ArrayBufferView;
  throw new TypeError(`Cannot bind a ${typeof value} value to a SQLite statement`);
}
