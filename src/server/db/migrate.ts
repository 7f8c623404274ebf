import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Kysely } from "kysely";
import { type Migration, type MigrationProvider, Migrator } from "kysely/migration";
import type { StoreConfig } from "../config.ts";
import { DIALECT_SCHEMAS, type DialectSchema } from "./dialect.ts";
import type { Database } from "./schema.ts";

/** The one migration set, for both stores. */
export const MIGRATIONS_FOLDER = join(import.meta.dirname, "migrations");
/** yyyymmddhhmmss_what_it_does.ts; the name without .ts is what kysely_migration records. */
const MIGRATION_FILE = /^(\d{14}_[a-z0-9_]+)\.ts$/;

/** A migration of the set: its up and down get the dialect's schema differences. */
interface DialectMigration {
  up(db: Kysely<unknown>, dialect: DialectSchema): Promise<void>;
  down?(db: Kysely<unknown>, dialect: DialectSchema): Promise<void>;
}

/** Kysely's migrations of the set, each given the differences of the dialect chosen by configuration. */
function migrationsFor(dialect: DialectSchema): MigrationProvider {
  return {
    getMigrations: async () => {
      const migrations: Record<string, Migration> = {};
      for (const file of (await readdir(MIGRATIONS_FOLDER)).sort()) {
        const name = MIGRATION_FILE.exec(file)?.[1];
        if (name === undefined) continue;
        // A file URL works on every platform, a bare Windows path would not.
        const module = (await import(pathToFileURL(join(MIGRATIONS_FOLDER, file)).href)) as DialectMigration;
        const { down } = module;
        migrations[name] = {
          up: (db) => module.up(db, dialect),
          ...(down === undefined ? {} : { down: (db: Kysely<unknown>) => down(db, dialect) }),
        };
      }
      return migrations;
    },
  };
}

/** Runs every pending migration of the set; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<Database>, dialect: StoreConfig["dialect"]): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationsFor(DIALECT_SCHEMAS[dialect]) });
  const { error, results } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results?.find((result) => result.status === "Error")?.migrationName ?? "unknown";
    throw new Error(`Database migration ${failed} failed: ${String(error)}`, { cause: error });
  }
}
