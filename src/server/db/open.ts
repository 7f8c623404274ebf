import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import type { StoreConfig } from "../config.ts";
import { createEventBus, type EventBus } from "../live/event-bus.ts";
import { migrateToLatest } from "./migrate.ts";
import { adaptNodeSqlite } from "./node-sqlite.ts";
import { createSavesInFlight, type SavesInFlight } from "./saves-in-flight.ts";
import type { Database } from "./schema.ts";
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
  /** Waits for running queries, then releases the file or the pool. */
  close(): Promise<void>;
}

/** A pool's state: PostgreSQL's pg.Pool counts; SQLite is one shared connection. */
export interface ConnectionState {
  readonly total: number;
  readonly idle: number;
  /** Queries queued for a free connection. */
  readonly waiting: number;
  readonly max: number;
}

interface OpenedDatabase {
  readonly db: Kysely<Database>;
  readonly connections: () => ConnectionState;
}

const SQLITE_CONNECTIONS: ConnectionState = { total: 1, idle: 1, waiting: 0, max: 1 };
const POSTGRES_POOL_MAX = 10;

/** How long a writer waits for SQLite's lock before failing (another process, or a checkpoint). */
const SQLITE_BUSY_TIMEOUT_MS = 5000;

/** Opens the configured database and brings its schema to the latest migration. */
export async function openStore(config: StoreConfig): Promise<Store> {
  const { db, connections } =
    config.dialect === "sqlite" ? openSqlite(config.file) : openPostgres(config.connectionString);
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
    close: () => db.destroy(),
  };
}

function openSqlite(file: string): OpenedDatabase {
  mkdirSync(dirname(file), { recursive: true });
  const database = new DatabaseSync(file, { timeout: SQLITE_BUSY_TIMEOUT_MS });
  // WAL lets readers run during a write; FULL syncs the WAL on every commit, so a 201 survives a kill
  // and a power cut (docs/decisions/0004-sqlite-by-default.md).
  database.exec("PRAGMA journal_mode = WAL");
  database.exec("PRAGMA synchronous = FULL");
  database.exec(`PRAGMA busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  database.exec("PRAGMA foreign_keys = ON");
  // One connection: Kysely's RuntimeDriver serialises its use with a ConnectionMutex, so a transaction
  // holds it until commit and every other query waits; keep request-path work to single statements.
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: adaptNodeSqlite(database) }),
    plugins: [textWithoutNul],
  });
  return { db, connections: () => SQLITE_CONNECTIONS };
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
