import { resolve } from "node:path";
import { readSettings } from "../config.ts";
import { fileArgument, runCommand, sqliteFile } from "./command.ts";
import { restoreSqlite } from "./sqlite-backup.ts";

// npm run restore -- <file>: checks a backup and puts it in place of DATA_DIR/fanvas.sqlite (server stopped).

runCommand("Restore", () => {
  const source = fileArgument(
    "npm run restore -- <backup.sqlite> (stop the server first; DATA_DIR names the store).",
  );
  const live = sqliteFile(readSettings(process.env).store, "restore PostgreSQL with pg_restore");
  const summary = restoreSqlite(resolve(source), live);
  console.log(
    `Restored ${summary.drawings} drawings into ${live} (integrity ok); the previous database, if any, is ${live}.bak`,
  );
});
