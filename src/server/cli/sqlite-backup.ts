import {
  closeSync,
  copyFileSync,
  existsSync,
  fsyncSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
} from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { ConfigError } from "../config.ts";

// Online backup and checked restore of the SQLite store (npm run backup / npm run restore).

/** How long the backup waits for a writer's lock; saves commit in milliseconds. */
const BUSY_TIMEOUT_MS = 10_000;

/** What a checked database file holds. */
export interface BackupSummary {
  readonly drawings: number;
  readonly bytes: number;
}

/**
 * Copies the live database into `target` with VACUUM INTO: one read transaction, so the copy is the
 * database as of one instant, taken while the server keeps saving (WAL readers never block writers).
 * The copy is written beside the target and renamed, so `target` only ever holds a complete backup.
 */
export function backupSqlite(source: string, target: string): BackupSummary {
  if (!existsSync(source)) {
    throw new ConfigError(`No database at ${source}; set DATA_DIR to the directory the server uses.`);
  }
  if (existsSync(target)) throw new ConfigError(`${target} already exists; name a new file for the backup.`);
  const partial = `${target}.partial`;
  rmSync(partial, { force: true });
  const database = new DatabaseSync(source, { readOnly: true, timeout: BUSY_TIMEOUT_MS });
  try {
    database.prepare("VACUUM INTO ?").run(partial);
  } finally {
    database.close();
  }
  syncFile(partial);
  const summary = checkDatabaseFile(partial);
  renameSync(partial, target);
  syncFile(dirname(target));
  return summary;
}

/** Integrity check and schema check of a backup; throws a ConfigError naming the problem. */
function checkDatabaseFile(file: string): BackupSummary {
  if (!existsSync(file)) throw new ConfigError(`No file at ${file}.`);
  let database: DatabaseSync;
  try {
    database = new DatabaseSync(file, { readOnly: true });
  } catch (error) {
    throw new ConfigError(`${file} is not a SQLite database: ${(error as Error).message}.`);
  }
  try {
    const integrity = database.prepare("PRAGMA integrity_check").all();
    const verdict = integrity.map((row) => String(Object.values(row)[0])).join("; ");
    if (verdict !== "ok")
      throw new ConfigError(`${file} fails PRAGMA integrity_check: ${verdict.slice(0, 200)}.`);
    const table = database
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'drawings'")
      .get();
    if (table === undefined)
      throw new ConfigError(`${file} has no drawings table; it is not a Fanvas backup.`);
    const row = database.prepare("SELECT count(*) AS count FROM drawings").get();
    return { drawings: Number(row?.count ?? 0), bytes: statSync(file).size };
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new ConfigError(`${file} is not a readable SQLite database: ${(error as Error).message}.`);
  } finally {
    database.close();
  }
}

/**
 * Replaces the live database with a checked backup. Refuses while a server holds the database (it
 * could not take an exclusive lock); the previous file is kept as <live>.bak. The copy is written
 * beside the live file and renamed over it, so a crash leaves either the old or the new database.
 */
export function restoreSqlite(backup: string, live: string): BackupSummary {
  const summary = checkDatabaseFile(backup);
  if (existsSync(live)) {
    assertNotInUse(live);
    for (const leftover of [`${live}-wal`, `${live}-shm`]) {
      if (existsSync(leftover)) {
        throw new ConfigError(`${leftover} is still there; stop the server that uses ${live} first.`);
      }
    }
  }
  const incoming = `${live}.restoring`;
  copyFileSync(backup, incoming);
  syncFile(incoming);
  if (existsSync(live)) renameSync(live, `${live}.bak`);
  renameSync(incoming, live);
  syncFile(dirname(live));
  return summary;
}

/**
 * Takes and releases an exclusive lock, which fails while any other connection (a running server)
 * has the database open. Closing this last connection also folds the WAL back into the file.
 */
function assertNotInUse(live: string): void {
  const database = new DatabaseSync(live, { timeout: 200 });
  try {
    database.exec("PRAGMA locking_mode = EXCLUSIVE");
    database.exec("BEGIN EXCLUSIVE");
    database.exec("COMMIT");
  } catch {
    throw new ConfigError(
      `${live} is in use; stop the Fanvas server before restoring (the backup was not applied).`,
    );
  } finally {
    database.close();
  }
}

function syncFile(path: string): void {
  const descriptor = openSync(path, "r");
  try {
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
}
