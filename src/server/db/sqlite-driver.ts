import type { DatabaseSync } from "node:sqlite";
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  SelectQueryNode,
  SqliteAdapter,
  SqliteDialect,
} from "kysely";
import { openSqliteConnection, PreparedStatements, type SqliteResult } from "./sqlite-statements.ts";
import { type SqliteWriter, startSqliteWriter } from "./sqlite-writer.ts";

// Kysely over two SQLite connections: reads run at once on the event loop's own connection (in WAL mode a
// reader never waits for a writer), every write goes to the writer thread, which commits the writes that
// arrive together in one transaction. Nothing in the app changes: a write's promise still resolves once it
// is durable, and a read after it sees it.

/** What the store's SQLite dialect needs. */
export interface SqliteStoreOptions {
  readonly file: string;
  /** Tests only: the writer stays busy this long after each commit (FANVAS_TEST_COMMIT_HOLD_MS). */
  readonly holdAfterCommitMs: number;
  /** Called once the writer runs, so the store can report its group commits. */
  readonly onWriter?: (writer: SqliteWriter) => void;
}

/** Kysely's SQLite dialect with this store's driver: its connections are independent, so no lock. */
export function sqliteStoreDialect(options: SqliteStoreOptions): Dialect {
  // The SQL compiler and introspector are SQLite's; only the database handle differs.
  const base = new SqliteDialect({ database: () => Promise.reject(new Error("unused")) });
  return {
    createDriver: () => new SqliteStoreDriver(options),
    createQueryCompiler: () => base.createQueryCompiler(),
    createAdapter: () => new ConcurrentSqliteAdapter(),
    createIntrospector: (db) => base.createIntrospector(db),
  };
}

/** SQLite's adapter, minus Kysely's one-connection mutex: reads never queue behind a write here. */
class ConcurrentSqliteAdapter extends SqliteAdapter {
  override get supportsMultipleConnections(): boolean {
    return true;
  }
}

class SqliteStoreDriver implements Driver {
  readonly #options: SqliteStoreOptions;
  #reader: DatabaseSync | undefined;
  #reads: PreparedStatements | undefined;
  #writer: SqliteWriter | undefined;

  constructor(options: SqliteStoreOptions) {
    this.#options = options;
  }

  async init(): Promise<void> {
    // Opened here first, so a bad DATA_DIR fails as it always did, with the file system's own error.
    this.#reader = openSqliteConnection(this.#options.file);
    this.#reads = new PreparedStatements(this.#reader);
    try {
      this.#writer = await startSqliteWriter({
        file: this.#options.file,
        holdAfterCommitMs: this.#options.holdAfterCommitMs,
      });
    } catch (error) {
      this.#reader.close();
      throw error;
    }
    this.#options.onWriter?.(this.#writer);
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    if (this.#reads === undefined || this.#writer === undefined) throw new Error("the store is not open");
    return new SplitConnection(this.#reads, this.#writer);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as SplitConnection).begin();
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as SplitConnection).end("commit");
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await (connection as SplitConnection).end("rollback");
  }

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {
    await this.#writer?.close();
    this.#reader?.close();
  }
}

/** One Kysely connection: reads here, writes (and a whole transaction) on the writer thread. */
class SplitConnection implements DatabaseConnection {
  readonly #reads: PreparedStatements;
  readonly #writer: SqliteWriter;
  #session: number | undefined;

  constructor(reads: PreparedStatements, writer: SqliteWriter) {
    this.#reads = reads;
    this.#writer = writer;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const { sql, parameters } = query;
    const result =
      this.#session === undefined && isRead(query)
        ? this.#reads.run(sql, parameters)
        : await this.#writer.run(sql, parameters, this.#session);
    return asQueryResult<R>(result);
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (this.#session !== undefined || !isRead(query)) {
      throw new Error("Only reads outside a transaction can be streamed from the SQLite store");
    }
    for (const row of this.#reads.iterate(query.sql, query.parameters)) yield { rows: [row as R] };
  }

  async begin(): Promise<void> {
    this.#session = await this.#writer.begin();
  }

  async end(how: "commit" | "rollback"): Promise<void> {
    const session = this.#session;
    this.#session = undefined;
    if (session !== undefined) await this.#writer.end(session, how);
  }
}

/** A SELECT (Kysely's, or raw SQL that starts with one) changes nothing: it may run on the reading connection. */
function isRead(query: CompiledQuery): boolean {
  if (SelectQueryNode.is(query.query)) return true;
  return query.query.kind === "RawNode" && /^\s*select\b/i.test(query.sql);
}

function asQueryResult<R>(result: SqliteResult): QueryResult<R> {
  const { rows, changes, lastInsertRowid } = result;
  return {
    rows: rows as R[],
    ...(changes === undefined ? {} : { numAffectedRows: BigInt(changes) }),
    ...(lastInsertRowid === undefined || lastInsertRowid === null
      ? {}
      : { insertId: BigInt(lastInsertRowid) }),
  };
}
