import { resolve } from "node:path";
import { ConfigError, readSettings } from "../config.ts";
import { restoreSqlite } from "./sqlite-backup.ts";

// npm run restore -- <file>: checks a backup and puts it in place of DATA_DIR/fanvas.sqlite (server stopped).

function main(): void {
  const source = process.argv[2];
  if (source === undefined || process.argv.length > 3) {
    throw new ConfigError(
      "Usage: npm run restore -- <backup.sqlite> (stop the server first; DATA_DIR names the store).",
    );
  }
  const settings = readSettings(process.env);
  if (settings.store.dialect !== "sqlite") {
    throw new ConfigError(
      "DATABASE_URL is set: restore PostgreSQL with pg_restore (README, Backups); this command restores the SQLite store.",
    );
  }
  const live = settings.store.file;
  const summary = restoreSqlite(resolve(source), live);
  console.log(
    `Restored ${summary.drawings} drawings into ${live} (integrity ok); the previous database, if any, is ${live}.bak`,
  );
}

try {
  main();
} catch (error) {
  const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
  console.error(error instanceof ConfigError ? message : `Restore failed: ${message}`);
  process.exit(1);
}
