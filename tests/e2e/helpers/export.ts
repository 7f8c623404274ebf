import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import yauzl from "yauzl";

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

/** Every entry of a zip file by name, read with yauzl (a reader independent of the export's writer). */
export async function readZipEntries(path: string): Promise<Map<string, Buffer>> {
  const zip = await promisify<string, yauzl.Options, yauzl.ZipFile>(yauzl.open)(path, { lazyEntries: true });
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on("error", reject);
    zip.on("end", () => resolve());
    zip.on("entry", (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("error", reject);
        stream.on("end", () => {
          entries.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
  return entries;
}
