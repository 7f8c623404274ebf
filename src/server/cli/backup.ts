import { resolve } from "node:path";
import { ConfigError, readSettings } from "../config.ts";
import { backupSqlite } from "./sqlite-backup.ts";

// npm run backup -- <file>: a consistent copy of the SQLite store, taken while the server runs.

function main(): void {
  const target = process.argv[2];
  if (target === undefined || process.argv.length > 3) {
    throw new ConfigError("Usage: npm run backup -- <backup.sqlite> (a new file; DATA_DIR names the store).");
  }
  const settings = readSettings(process.env);
  if (settings.store.dialect !== "sqlite") {
    throw new ConfigError(
      "DATABASE_URL is set: back up PostgreSQL with pg_dump -Fc (README, Backups); this command copies the SQLite store.",
    );
  }
  const path = resolve(target);
  const summary = backupSqlite(settings.store.file, path);
  const megabytes = (summary.bytes / 1_048_576).toFixed(1);
  console.log(`Backed up ${summary.drawings} drawings (${megabytes} MB, integrity ok) to ${path}`);
}

try {
  main();
} catch (error) {
  const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
  console.error(error instanceof ConfigError ? message : `Backup failed: ${message}`);
  process.exit(1);
}
