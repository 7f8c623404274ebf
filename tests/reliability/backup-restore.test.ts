import { execFile, execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { SAVE_BUNDLE_TYPE } from "../../src/common/save-bundle.ts";
import { decodeRgba } from "../../src/server/png/reencode.ts";
import { createTestDatabase } from "../api/helpers/dialects.ts";
import { bundleOf, makingOf } from "../api/helpers/making.ts";
import { drawingPng } from "../api/helpers/png.ts";
import { killLeftoverServers, type ServerProcess, spawnServer } from "../api/helpers/server-process.ts";

// npm run backup while the server saves, npm run restore into a fresh DATA_DIR, and the restarted
// server has every drawing that was saved before the backup began, pixel for pixel.

const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));
const run = promisify(execFile);
const dirs: string[] = [];
afterEach(() => {
  killLeftoverServers();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "fanvas-backup-"));
  dirs.push(dir);
  return dir;
}

/** Runs `npm run <script> -- <file>` with this DATA_DIR; resolves with its exit code and output. */
async function npmRun(script: string, file: string, dataDir: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  try {
    const { stdout, stderr } = await run("npm", ["run", "--silent", script, "--", file], {
      cwd: REPO_ROOT,
      env,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** Saves `png`, with the test's making beside it (a save bundle) when `withMaking`. */
async function save(baseUrl: string, png: Buffer, withMaking = false): Promise<string> {
  const response = await fetch(`${baseUrl}/api/drawings`, {
    method: "POST",
    headers: { "content-type": withMaking ? SAVE_BUNDLE_TYPE : "image/png" },
    body: new Uint8Array(withMaking ? bundleOf(png, MAKING) : png),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

const MAKING = makingOf();

/** Every odd seed's drawing was saved with its making: a restored server serves those logs, byte for byte. */
async function expectMakings(baseUrl: string, ids: readonly string[]): Promise<void> {
  for (const [index, id] of ids.entries()) {
    const making = await fetch(`${baseUrl}/api/drawings/${id}/making`);
    if (index % 2 === 1) {
      expect(making.status).toBe(404);
      continue;
    }
    expect(making.status).toBe(200);
    expect(Buffer.from(await making.arrayBuffer()).equals(Buffer.from(MAKING))).toBe(true);
  }
}

/** The restored server at `server` answers every drawing of `before` pixel for pixel, with its making; then stops. */
async function expectRestored(server: ServerProcess, before: ReadonlyMap<string, Buffer>): Promise<void> {
  try {
    for (const [id, png] of before) {
      const image = await fetch(`${server.baseUrl}/api/drawings/${id}.png`);
      expect(image.status).toBe(200);
      const bytes = Buffer.from(await image.arrayBuffer());
      expect((await decodeRgba(bytes)).equals(await decodeRgba(png))).toBe(true);
    }
    await expectMakings(server.baseUrl, [...before.keys()]);
  } finally {
    expect(await server.stop()).toBe(0);
  }
}

describe("SQLite backup and restore", () => {
  it("backs up online while saves continue, refuses to restore under a running server, restores into a fresh DATA_DIR intact", async () => {
    const liveDir = tempDir();
    const backup = join(tempDir(), "fanvas-backup.sqlite");
    // The save loop below runs as fast as the server answers; the per-client limit (30 a minute) is not
    // what this test is about, and a fast save path would meet it before the backup is done.
    const server = await spawnServer({ DATA_DIR: liveDir, SAVE_RATE_LIMIT: "0" });
    const before = new Map<string, Buffer>();
    for (let seed = 1; seed <= 6; seed += 1) {
      const png = await drawingPng(600, 600, seed);
      before.set(await save(server.baseUrl, png, seed % 2 === 1), png);
    }
    // Saves keep coming while the backup runs.
    let saving = true;
    const during = (async () => {
      const png = await drawingPng(600, 600, 99);
      let saved = 0;
      while (saving) {
        await save(server.baseUrl, png);
        saved += 1;
      }
      return saved;
    })();
    const backedUp = await npmRun("backup", backup, liveDir);
    saving = false;
    await during;
    expect(backedUp.stderr).toBe("");
    expect(backedUp.stdout).toMatch(/^Backed up \d+ drawings \(.* MB, integrity ok\) to /);
    expect(existsSync(`${backup}.partial`)).toBe(false);

    const refused = await npmRun("restore", backup, liveDir);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/is in use; stop the Fanvas server before restoring/);
    expect(await server.stop()).toBe(0);

    const freshDir = tempDir();
    const restored = await npmRun("restore", backup, freshDir);
    expect(restored.stderr).toBe("");
    expect(restored.stdout).toMatch(/^Restored \d+ drawings into .*fanvas\.sqlite \(integrity ok\)/);
    const again = await spawnServer({ DATA_DIR: freshDir });
    await expectRestored(again, before);

    // Restoring over an existing (stopped) database keeps the previous file as .bak.
    const overLive = await npmRun("restore", backup, liveDir);
    expect(overLive.code).toBe(0);
    expect(existsSync(join(liveDir, "fanvas.sqlite.bak"))).toBe(true);
  });

  it("refuses a damaged backup or a database without a drawings table, leaving DATA_DIR untouched", async () => {
    const dir = tempDir();
    const garbage = join(tempDir(), "garbage.sqlite");
    writeFileSync(garbage, Buffer.alloc(8192, 0x41));
    const damaged = await npmRun("restore", garbage, dir);
    expect(damaged.code).not.toBe(0);
    expect(damaged.stderr).toMatch(/not a (readable )?SQLite database/);
    expect(existsSync(join(dir, "fanvas.sqlite"))).toBe(false);

    const { DatabaseSync } = await import("node:sqlite");
    const other = join(tempDir(), "other.sqlite");
    const database = new DatabaseSync(other);
    database.exec("CREATE TABLE notes (text TEXT)");
    database.close();
    const foreign = await npmRun("restore", other, dir);
    expect(foreign.stderr).toMatch(/has no drawings table/);
    expect(existsSync(join(dir, "fanvas.sqlite"))).toBe(false);

    const missing = await npmRun("backup", join(dir, "b.sqlite"), join(dir, "nothing-here"));
    expect(missing.stderr).toMatch(/No database at .*; set DATA_DIR/);
  });
});

const hasPgDump = (() => {
  try {
    execFileSync("pg_dump", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

describe.runIf(process.env.TEST_DATABASE_URL && hasPgDump)("PostgreSQL backup recipe (README)", () => {
  it("pg_dump --format=custom while the server runs, pg_restore into an empty database: every drawing is there", async () => {
    const source = await createTestDatabase("postgres");
    const target = await createTestDatabase("postgres");
    try {
      const server = await spawnServer(source.env);
      const before = new Map<string, Buffer>();
      for (let seed = 1; seed <= 4; seed += 1) {
        const png = await drawingPng(600, 600, seed);
        before.set(await save(server.baseUrl, png, seed % 2 === 1), png);
      }
      const dump = join(tempDir(), "fanvas.dump");
      const sourceUrl = source.env.DATABASE_URL ?? "";
      const targetUrl = target.env.DATABASE_URL ?? "";
      await run("pg_dump", ["--format=custom", `--file=${dump}`, sourceUrl]);
      expect(await server.stop()).toBe(0);
      await run("pg_restore", ["--no-owner", "--exit-on-error", `--dbname=${targetUrl}`, dump]);
      const restored = await spawnServer(target.env);
      await expectRestored(restored, before);
    } finally {
      await source.drop();
      await target.drop();
    }
  });
});
