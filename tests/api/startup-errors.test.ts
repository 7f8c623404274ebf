import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { killLeftoverServers, runServerToExit } from "./helpers/server-process.ts";

// A server that cannot start says why in one line on stderr, naming what to fix, and exits 1.

const cleanups: (() => void)[] = [];
afterEach(() => {
  killLeftoverServers();
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "fanvas-startup-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function expectOneLine(run: { code: number | null; stdout: string; stderr: string }): string {
  expect(run.code).toBe(1);
  expect(run.stdout).toBe("");
  const lines = run.stderr.trim().split("\n");
  expect(lines).toHaveLength(1);
  return lines[0] ?? "";
}

describe("start-up errors", () => {
  it("an unreachable DATABASE_URL is one line naming DATABASE_URL, without the password", async () => {
    const run = await runServerToExit({
      DATA_DIR: tempDir(),
      DATABASE_URL: "postgres://fanvas:hunter2-secret@127.0.0.1:1/fanvas",
    });
    const line = expectOneLine(run);
    expect(line).toMatch(/DATABASE_URL \(fanvas@127\.0\.0\.1:1\/fanvas\)/);
    expect(line).toMatch(/ECONNREFUSED|connect/);
    expect(line).not.toContain("hunter2-secret");
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    "a DATABASE_URL with a wrong password or a missing database is one line naming DATABASE_URL",
    async () => {
      const wrongPassword = new URL(String(process.env.TEST_DATABASE_URL));
      wrongPassword.password = "not-the-password";
      const auth = expectOneLine(
        await runServerToExit({ DATA_DIR: tempDir(), DATABASE_URL: wrongPassword.toString() }),
      );
      expect(auth).toMatch(/DATABASE_URL .*password authentication failed/);
      expect(auth).not.toContain("not-the-password");
      const missing = new URL(String(process.env.TEST_DATABASE_URL));
      missing.pathname = "/fanvas_no_such_database";
      const noDb = expectOneLine(
        await runServerToExit({ DATA_DIR: tempDir(), DATABASE_URL: missing.toString() }),
      );
      expect(noDb).toMatch(/DATABASE_URL .*"fanvas_no_such_database" does not exist/);
    },
  );

  it("a DATA_DIR that cannot be a directory is one line naming DATA_DIR", async () => {
    const file = join(tempDir(), "a-file");
    writeFileSync(file, "not a directory");
    const under = expectOneLine(await runServerToExit({ DATA_DIR: join(file, "data") }));
    expect(under).toContain(`DATA_DIR (${join(file, "data")}) is not a writable directory`);
    const itself = expectOneLine(await runServerToExit({ DATA_DIR: file }));
    expect(itself).toContain(`DATA_DIR (${file}) is not a writable directory`);
  });

  it("a busy port is one line naming PORT", async () => {
    const busy: Server = createServer();
    await new Promise<void>((resolve) => busy.listen(0, "127.0.0.1", resolve));
    cleanups.push(() => busy.close());
    const address = busy.address();
    const port = typeof address === "object" && address !== null ? address.port : 0;
    const line = expectOneLine(await runServerToExit({ DATA_DIR: tempDir(), PORT: String(port) }));
    expect(line).toMatch(/port is in use; set PORT/);
  });
});
