import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";

const REPO_ROOT = path.resolve(import.meta.dirname, "../../..");

/**
 * Runs `npm run export -- <archive>` against a server's DATA_DIR. It may run beside the server: SQLite's WAL
 * lets the export read while the server holds the database.
 */
export async function runExport(dataDir: string, archive: string): Promise<void> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  await promisify(execFile)("npm", ["run", "export", "--", archive], { cwd: REPO_ROOT, env });
}
