import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { StoreConfig } from "../config.ts";
import { createEventBus, type EventBus } from "./event-bus.ts";
import { migrateToLatest } from "./migrate.ts";
import { createSavesInFlight, type SavesInFlight } from "./saves-in-flight.ts";
import type { Database } from "./schema.ts";
import { sqliteStoreDialect } from "./sqlite-driver.ts";
import type { CommittedBatch, SqliteWriter } from "./sqlite-writer.ts";
import { textWithoutNul } from "./text-without-nul.ts";

/** An open, migrated database. */
export interface Store {
  readonly dialect: StoreConfig["dialect"];
  /** What it was opened with; the live-drawings hub opens its own LISTEN connection from it. */
  readonly config: StoreConfig;
  readonly db: Kysely<Database>;
  /** What happens to its drawings, for this process's listeners (wall, image cache, jobs, bridge). */
  readonly events: EventBus;
  /** Saves running now; background work yields to them. */
  readonly savesInFlight: SavesInFlight;
  /** The connections behind db right now, for /metrics. */
  connections(): ConnectionState;
  /**
   * Hears each group commit; returns the function that stops it. SQLite: every commit of the writer thread (every
   * write). PostgreSQL: the saves' group inserts (drawings/insert-together.ts reports them with reportCommit).
   */
  onCommit(listener: (batch: CommittedBatch) => void): () => void;
  /** Tells onCommit's listeners of a group commit made outside the SQLite writer thread. */
  reportCommit(batch: CommittedBatch): void;
  /** Waits for running queries, then releases the file or the pool. */
  close(): Promise<void>;
}

/** A pool's state: PostgreSQL's pg.Pool counts; SQLite is a reading connection and the writer thread's. */
export interface ConnectionState {
  readonly total: number;
  readonly idle: number;
  /** Queries queued for a free connection (SQLite: writes waiting for the writer thread). */
  readonly waiting: number;
  readonly max: number;
}

interface OpenedDatabase {
  readonly db: Kysely<Database>;
  readonly connections: () => ConnectionState;
}

type CommitListener = (batch: CommittedBatch) => void;

const POSTGRES_POOL_MAX = 10;

/** Opens the configured database and brings its schema to the latest migration. */
export async function openStore(config: StoreConfig): Promise<Store> {
  const listeners = new Set<CommitListener>();
  const reportCommit = (batch: CommittedBatch) => {
    for (const listener of listeners) listener(batch);
  };
  const { db, connections } =
    config.dialect === "sqlite"
      ? openSqlite(config.file, config.commitHoldMs ?? 0, reportCommit)
      : openPostgres(config.connectionString);
  try {
    await migrateToLatest(db, config.dialect);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return {
    dialect: config.dialect,
    config,
    db,
    events: createEventBus(),
    savesInFlight: createSavesInFlight(),
    connections,
    onCommit: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reportCommit,
    close: () => db.destroy(),
  };
}

function openSqlite(file: string, holdAfterCommitMs: number, reportCommit: CommitListener): OpenedDatabase {
  // Reads on the event loop's connection, writes group-committed on a writer thread (db/sqlite-driver.ts).
  let writer: SqliteWriter | undefined;
  const onWriter = (started: SqliteWriter) => {
    writer = started;
    started.onBatch(reportCommit);
  };
  const db = new Kysely<Database>({
    dialect: sqliteStoreDialect({ file, holdAfterCommitMs, onWriter }),
    plugins: [textWithoutNul],
  });
  const connections = () => {
    const waiting = writer?.pending() ?? 0;
    return { total: 2, idle: waiting === 0 ? 2 : 1, waiting, max: 2 };
  };
  return { db, connections };
}

function openPostgres(connectionString: string): OpenedDatabase {
  const pool = new pg.Pool({ connectionString, max: POSTGRES_POOL_MAX });
  // An idle connection dropped by the server (restart, failover) is emitted here; unhandled, it would
  // crash the process. The pool discards that client and opens a new one on the next query.
  pool.on("error", (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins: [textWithoutNul] });
  const connections = () => ({
    total: pool.totalCount,
    idle: pool.idleCount,
    waiting: pool.waitingCount,
    max: POSTGRES_POOL_MAX,
  });
  return { db, connections };
}
