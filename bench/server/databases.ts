import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { StoreConfig } from "../../src/server/config.ts";
import { createPostgresDatabase } from "../../tests/api/helpers/dialects.ts";

/** The dialects measured: SQLite always, PostgreSQL when a URL is configured. */
export type Dialect = "sqlite" | "postgres";

/** BENCH_DATABASE_URL, else TEST_DATABASE_URL: a PostgreSQL role with CREATEDB; undefined skips PostgreSQL. */
export function postgresAdminUrl(env: NodeJS.ProcessEnv = process.env): string | undefined {
  return env.BENCH_DATABASE_URL || env.TEST_DATABASE_URL || undefined;
}

/** SQLite, plus PostgreSQL when configured. */
export function benchDialects(): Dialect[] {
  return postgresAdminUrl() === undefined ? ["sqlite"] : ["sqlite", "postgres"];
}

/** A fresh, empty database for one run, and a temp DATA_DIR; drop() removes both. */
export interface BenchDatabase {
  readonly dialect: Dialect;
  readonly config: StoreConfig;
  /** Environment of a server process on this database. */
  readonly env: Record<string, string>;
  drop(): Promise<void>;
}

/** Creates the database: a file in a new temp dir, or a uniquely named PostgreSQL database. */
export async function createBenchDatabase(dialect: Dialect): Promise<BenchDatabase> {
  const dataDir = await mkdtemp(join(tmpdir(), "fanvas-bench-data-"));
  const removeDir = () => rm(dataDir, { recursive: true, force: true });
  const adminUrl = postgresAdminUrl();
  if (dialect === "sqlite" || adminUrl === undefined) {
    return {
      dialect: "sqlite",
      config: { dialect: "sqlite", file: join(dataDir, "fanvas.sqlite") },
      env: { DATA_DIR: dataDir },
      drop: removeDir,
    };
  }
  const { connectionString, drop } = await createPostgresDatabase(adminUrl, "fanvas_bench");
  return {
    dialect,
    config: { dialect, connectionString },
    env: { DATA_DIR: dataDir, DATABASE_URL: connectionString },
    drop: async () => {
      // Every server and store on it is closed by now; an autovacuum worker the saves woke may still be on it,
      // which a plain DROP ends by itself (WITH (FORCE) would need the right to signal it).
      await drop();
      await removeDir();
    },
  };
}
