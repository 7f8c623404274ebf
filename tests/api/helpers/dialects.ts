import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { StoreConfig } from "../../../src/server/config.ts";
import { openStore, type Store } from "../../../src/server/db/open.ts";

/** The dialects every store and API test runs on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export type Dialect = "sqlite" | "postgres";

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL names a role with CREATEDB. */
export function testDialects(): Dialect[] {
  return process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];
}

/** An empty database of one dialect that removes itself. */
export interface TestDatabase {
  readonly config: StoreConfig;
  /** Environment for a server process using this database. */
  readonly env: Record<string, string>;
  /** The temp data directory (SQLite file lives here; PostgreSQL runs also get one). */
  readonly dataDir: string;
  drop(): Promise<void>;
}

/** A fresh, isolated database: a temp DATA_DIR for SQLite, a uniquely named database for PostgreSQL. */
export async function createTestDatabase(dialect: Dialect): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), "fanvas-test-"));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (dialect === "sqlite") {
    return {
      config: { dialect, file: join(dataDir, "fanvas.sqlite") },
      env: { DATA_DIR: dataDir },
      dataDir,
      drop: async () => removeDir(),
    };
  }
  const { connectionString, drop } = await createPostgresDatabase(requiredTestDatabaseUrl(), "fanvas_t");
  return {
    config: { dialect, connectionString },
    env: { DATA_DIR: dataDir, DATABASE_URL: connectionString },
    dataDir,
    drop: async () => {
      await drop();
      removeDir();
    },
  };
}

/**
 * An empty PostgreSQL database with a unique name (`prefix`, then random hex), made through the role at
 * `adminUrl`; drop() waits for its last connection to go (dropDatabase).
 */
export async function createPostgresDatabase(
  adminUrl: string,
  prefix: string,
): Promise<{ readonly connectionString: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  await withAdmin(adminUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    connectionString: url.toString(),
    drop: () => withAdmin(adminUrl, (client) => dropDatabase(client, name)),
  };
}

/** An open, migrated store on a fresh database; close() also drops the database. */
export async function openTestStore(
  dialect: Dialect,
): Promise<{ store: Store; database: TestDatabase; close(): Promise<void> }> {
  const database = await createTestDatabase(dialect);
  const store = await openStore(database.config);
  return {
    store,
    database,
    close: async () => {
      await store.close();
      await database.drop();
    },
  };
}

/**
 * Drops a test database once its last connection is gone. A closed pool may still be hanging up, and
 * forcing the drop at once would kill that connection under the client's feet (an unhandled error).
 */
export async function dropDatabase(client: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    try {
      await client.query(`drop database if exists ${name}`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== "55006") throw error; // 55006: still in use
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await client.query(`drop database if exists ${name} with (force)`);
}

function requiredTestDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DATABASE_URL is not set");
  return url;
}

/** Runs `work` on a short-lived connection to `url` (create and drop databases through the admin role). */
export async function withAdmin(url: string, work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}
