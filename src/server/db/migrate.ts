import { promises as fs } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Kysely } from "kysely";
import { FileMigrationProvider, Migrator } from "kysely/migration";
import type { Database } from "./schema.ts";

/** Each dialect has its own folder of migrations with the same names, so column types stay native. */
export function migrationFolder(dialect: "sqlite" | "postgres"): string {
  return fileURLToPath(new URL(`./migrations/${dialect}`, import.meta.url));
}

/** Runs every pending migration of the dialect's folder; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<Database>, dialect: "sqlite" | "postgres"): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: new FileMigrationProvider({
      fs,
      path,
      migrationFolder: migrationFolder(dialect),
      // A file URL works on every platform, a bare Windows path would not.
      import: (file: string) => import(pathToFileURL(file).href),
    }),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results?.find((result) => result.status === "Error")?.migrationName ?? "unknown";
    throw new Error(`Database migration ${failed} failed: ${String(error)}`, { cause: error });
  }
}
