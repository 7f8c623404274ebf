import { resolve } from "node:path";
import { readSettings } from "../config.ts";
import { fileArgument, runCommand, sqliteFile } from "./command.ts";
import { backupSqlite } from "./sqlite-backup.ts";

// npm run backup -- <file>: a consistent copy of the SQLite store, taken while the server runs.

runCommand("Backup", () => {
  const target = fileArgument("npm run backup -- <backup.sqlite> (a new file; DATA_DIR names the store).");
  const live = sqliteFile(readSettings(process.env).store, "back up PostgreSQL with pg_dump -Fc");
  const path = resolve(target);
  const summary = backupSqlite(live, path);
  const megabytes = (summary.bytes / 1_048_576).toFixed(1);
  console.log(`Backed up ${summary.drawings} drawings (${megabytes} MB, integrity ok) to ${path}`);
});
