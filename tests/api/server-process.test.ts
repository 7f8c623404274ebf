import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, describe, expect, it } from "vitest";
import type { SavedDrawing } from "../../src/common/api.ts";
import { openStore } from "../../src/server/db/open.ts";
import { findDrawingImage } from "../../src/server/drawings/queries.ts";
import { decodeRgba } from "../../src/server/png/reencode.ts";
import { makeHeldFile, waitForReader } from "../helpers/held-file.ts";
import { createTestDatabase, type TestDatabase, testDialects } from "./helpers/dialects.ts";
import { drawingPng } from "./helpers/png.ts";
import {
  killLeftoverServers,
  runServerToExit,
  spawnServer,
  startServerProcess,
} from "./helpers/server-process.ts";

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  killLeftoverServers();
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "fanvas-process-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function testDatabase(dialect: "sqlite" | "postgres"): Promise<TestDatabase> {
  const database = await createTestDatabase(dialect);
  cleanups.push(() => database.drop());
  return database;
}

/** POSTs a PNG in two halves, calling between() after the first half has reached the server. */
function uploadInTwoHalves(
  port: number,
  png: Buffer,
  between: () => Promise<void>,
): Promise<{ status: number; body: string; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/api/drawings",
        headers: { "content-type": "image/png", "content-length": png.length },
      },
      (res) => {
        let body = "";
        res.setEncoding("utf8").on("data", (chunk: string) => {
          body += chunk;
        });
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }),
        );
      },
    );
    req.on("error", reject);
    const half = Math.floor(png.length / 2);
    req.write(png.subarray(0, half));
    between().then(
      () => req.end(png.subarray(half)),
      (error: unknown) => {
        req.destroy();
        reject(error);
      },
    );
  });
}

describe("server process on SQLite", () => {
  it("creates the data directory and the SQLite file on first start, in WAL mode, and keeps saves across a restart", async () => {
    const dataDir = join(tempDir(), "nested", "data");
    const file = join(dataDir, "fanvas.sqlite");
    const first = await spawnServer({ DATA_DIR: dataDir });
    expect(first.stdout()).toBe(`Fanvas listening on http://127.0.0.1:${first.port}\n`);
    expect(existsSync(file)).toBe(true);
    const peek = new DatabaseSync(file, { readOnly: true });
    expect(peek.prepare("pragma journal_mode").get()).toEqual({ journal_mode: "wal" });
    peek.close();

    const png = await drawingPng(600, 600, 4);
    const saved = await fetch(`${first.baseUrl}/api/drawings`, {
      method: "POST",
      headers: { "content-type": "image/png" },
      body: new Uint8Array(png),
    });
    expect(saved.status).toBe(201);
    const { url } = (await saved.json()) as SavedDrawing;
    expect(await first.stop("SIGINT")).toBe(0);

    const second = await spawnServer({ DATA_DIR: dataDir });
    const back = await fetch(`${second.baseUrl}${url}`);
    expect(back.status).toBe(200);
    // The stored file may have been re-encoded in the background: same pixels, fewer bytes.
    expect((await decodeRgba(Buffer.from(await back.arrayBuffer()))).equals(await decodeRgba(png))).toBe(
      true,
    );
    expect(await second.stop()).toBe(0);
  });

  it("applies the edge settings from the environment: a save rate limit answers 429 with Retry-After", async () => {
    const server = await spawnServer({
      DATA_DIR: tempDir(),
      SAVE_RATE_LIMIT: "2",
      SAVE_RATE_WINDOW_SECONDS: "60",
    });
    const png = await drawingPng(600, 600, 5);
    const save = () =>
      fetch(`${server.baseUrl}/api/drawings`, {
        method: "POST",
        headers: { "content-type": "image/png" },
        body: new Uint8Array(png),
      });
    expect((await save()).status).toBe(201);
    expect((await save()).status).toBe(201);
    const limited = await save();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await server.stop()).toBe(0);
  });
});

for (const dialect of testDialects()) {
  describe(`graceful stop on ${dialect}`, () => {
    it("finishes a save that is in flight at SIGTERM: 201, row committed, exit code 0", async () => {
      const database = await testDatabase(dialect);
      const server = await spawnServer({ ...database.env, LOG_LEVEL: "info" });
      const png = await drawingPng(600, 600, 8);
      const answer = await uploadInTwoHalves(server.port, png, async () => {
        // The request is inside the server (headers read, body half sent) when the signal arrives.
        await server.waitForStderr(/"url":"\/api\/drawings".*"msg":"incoming request"/);
        server.child.kill("SIGTERM");
        await server.waitForStderr(/Received SIGTERM: finishing saves in flight/);
      });
      expect(answer.status).toBe(201);
      // Tells the keep-alive client to hang up, so the shutdown need not wait for its idle timeout.
      expect(answer.connection).toBe("close");
      const saved = JSON.parse(answer.body) as SavedDrawing;
      expect(await server.exited()).toBe(0);

      const store = await openStore(database.config);
      try {
        const image = await findDrawingImage(store.db, saved.id);
        expect(image && (await decodeRgba(image.bytes)).equals(await decodeRgba(png))).toBe(true);
      } finally {
        await store.close();
      }
    });
  });
}

describe("server start-up checks", () => {
  it("stops with exit code 1 and names the field when the config file has a bad value", async () => {
    const config = join(tempDir(), "brand.json");
    writeFileSync(config, JSON.stringify({ title: "Mine", profileUrl: "ftp://example.com" }));
    const run = await runServerToExit({ DATA_DIR: tempDir(), FANVAS_CONFIG: config });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toContain(`Invalid config ${config}: "profileUrl" must match ^https?://`);
  });

  it("stops with exit code 0 on a SIGTERM that arrives while it starts (held reading its branding file)", async () => {
    const dir = tempDir();
    const branding = join(dir, "branding.json");
    makeHeldFile(branding);
    const server = startServerProcess({ DATA_DIR: dir, FANVAS_CONFIG: branding });
    const release = await waitForReader(branding);
    try {
      server.child.kill("SIGTERM");
      // Node's exit waits for the read the held file blocks, so the file is let go once the server has taken
      // the signal (a server without a handler for it is gone by then, and this wait fails).
      await server.waitForStderr(/Received SIGTERM: finishing saves in flight, then stopping/);
    } finally {
      release();
    }
    const run = await server.finished();
    expect(run.signal, run.stderr).toBeNull();
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe("");
  });

  it("stops with exit code 1 on an unknown config field, broken JSON, a missing named file or a bad PORT", async () => {
    const dir = tempDir();
    const unknown = join(dir, "unknown.json");
    writeFileSync(unknown, JSON.stringify({ titel: "typo" }));
    const broken = join(dir, "broken.json");
    writeFileSync(broken, "{ title: ");
    const cases: { env: Record<string, string>; says: string }[] = [
      { env: { FANVAS_CONFIG: unknown }, says: '"titel" is not a known field' },
      { env: { FANVAS_CONFIG: broken }, says: "not valid JSON" },
      { env: { FANVAS_CONFIG: join(dir, "missing.json") }, says: "cannot be read" },
      { env: { PORT: "eighty" }, says: "PORT must be a whole number" },
      { env: { DATABASE_URL: "mysql://x" }, says: "DATABASE_URL must start with postgres://" },
    ];
    for (const { env, says } of cases) {
      const run = await runServerToExit({ DATA_DIR: dir, ...env });
      expect(run.code, says).toBe(1);
      expect(run.stderr, says).toContain(says);
    }
  });

  it("warns on stderr, without blocking the start, when a remote mascot lacks CORS or a favicon cannot be fetched", async () => {
    const origins: (string | undefined)[] = [];
    const imageHost: Server = createServer((req, res) => {
      origins.push(req.headers.origin);
      res.writeHead(200, { "content-type": "image/png" }).end("png");
    });
    await new Promise<void>((resolve) => imageHost.listen(0, "127.0.0.1", resolve));
    cleanups.push(() => new Promise<void>((resolve) => imageHost.close(() => resolve())));
    const mascot = `http://127.0.0.1:${(imageHost.address() as AddressInfo).port}/mascot.png`;
    const favicon = `http://127.0.0.1:${await closedPort()}/favicon.png`;
    const config = join(tempDir(), "remote.json");
    writeFileSync(config, JSON.stringify({ mascotImage: mascot, faviconImage: favicon }));

    const server = await spawnServer({ DATA_DIR: tempDir(), FANVAS_CONFIG: config });
    await server.waitForStderr(/Warning: mascotImage .* is sent without Access-Control-Allow-Origin/);
    await server.waitForStderr(/Warning: faviconImage .* could not be fetched/);
    expect(origins).toEqual([`http://127.0.0.1:${server.port}`]);
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
    expect(await server.stop()).toBe(0);
  });
});

/** A loopback port nothing listens on, so a fetch to it fails at once. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
