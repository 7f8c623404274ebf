import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BrandingConfig } from "../../../src/common/config.ts";

/** A real Fanvas server process serving the production build. */
export interface RunningServer {
  /** Origin the server listens on, e.g. "http://127.0.0.1:41234". */
  readonly url: string;
  readonly dataDir: string;
  /** The embedded store's SQLite file (the server creates it on first start). */
  readonly databasePath: string;
  /** The end of what the process printed (its request log among it), for a failing test to show. */
  recentOutput(): string;
  /** Stops the process (SIGTERM, then SIGKILL after a bound) and removes the data directory it made. */
  stop(): Promise<void>;
}

/** How to start a server; by default it runs the shipped branding. */
export interface StartServerOptions {
  /** Written to a temporary file handed over through FANVAS_CONFIG. */
  readonly branding?: BrandingConfig;
  /** Extra environment for the process (for example CORS_ORIGINS). */
  readonly env?: Readonly<Record<string, string>>;
  /** A fixed port (see freePort) instead of one the OS picks: a restart then keeps the page's origin and IndexedDB. */
  readonly port?: number;
  /** The caller's data directory, kept on stop so a restart finds the same SQLite file; by default a fresh one. */
  readonly dataDir?: string;
}

const REPO_ROOT = path.resolve(import.meta.dirname, "../../..");
const LISTENING_LINE = /Fanvas listening on (http:\/\/[^\s"',]+)/;
const START_TIMEOUT_MS = 30_000;
const STOP_GRACE_MS = 5_000;
/** How much of a server's output is kept for recentOutput. */
const KEPT_OUTPUT_CHARS = 16_000;

/** The servers this process started that are still running. */
const running = new Set<ChildProcess>();

/** Kills every server this process started and has not stopped: for a worker that must exit at once. */
export function killRunningServers(): void {
  for (const child of running) child.kill("SIGKILL");
}

/** A port of 127.0.0.1 that was free a moment ago (the OS picks it; it is released at once for the server). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error("no port was assigned"))));
    });
  });
}

/**
 * Starts `node src/server/main.ts` on 127.0.0.1 (a free port unless `options.port` is given) and resolves once
 * it prints its address.
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const ownsDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), "fanvas-e2e-")));
  const removeOwnDataDir = async (): Promise<void> => {
    if (ownsDataDir) await rm(dataDir, { recursive: true, force: true });
  };
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(options.port ?? 0),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    // E2E_CLIENT_DIR lets a local run test a build kept apart from a dist/ that someone else is rebuilding.
    FANVAS_CLIENT_DIR: path.resolve(REPO_ROOT, process.env.E2E_CLIENT_DIR ?? "dist"),
  };
  // The e2e suite reads the SQLite file back, so the PostgreSQL store must never be picked up from the environment.
  delete env.DATABASE_URL;
  delete env.FANVAS_CONFIG;
  Object.assign(env, options.env);
  if (options.branding) {
    const configPath = path.join(dataDir, "branding.json");
    await writeFile(configPath, JSON.stringify(options.branding, null, 2));
    env.FANVAS_CONFIG = configPath;
  }
  const child = spawn(process.execPath, ["src/server/main.ts"], {
    cwd: REPO_ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  child.once("exit", () => running.delete(child));
  let output = "";
  // Both pipes are always drained so a chatty server never blocks on a full pipe.
  const keep = (chunk: Buffer): void => {
    output = (output + chunk.toString("utf8")).slice(-KEPT_OUTPUT_CHARS);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  try {
    const url = await waitForListening(child, () => output);
    return {
      url,
      dataDir,
      databasePath: path.join(dataDir, "fanvas.sqlite"),
      recentOutput: () => output,
      stop: async () => {
        await stopProcess(child);
        await removeOwnDataDir();
      },
    };
  } catch (error) {
    await stopProcess(child);
    await removeOwnDataDir();
    throw error;
  }
}

/** Resolves with the URL from the server's listening line; rejects with its output if it exits or hangs first. */
function waitForListening(child: ChildProcess, output: () => string): Promise<string> {
  return new Promise((resolve, reject) => {
    const fail = (why: string): void => {
      clearTimeout(timer);
      reject(new Error(`Fanvas server ${why}. Its output:\n${output().slice(-4000)}`));
    };
    const timer = setTimeout(
      () => fail(`printed no listening line within ${START_TIMEOUT_MS} ms`),
      START_TIMEOUT_MS,
    );
    const onData = (): void => {
      const match = LISTENING_LINE.exec(output());
      if (match?.[1]) {
        clearTimeout(timer);
        child.off("exit", onExit);
        child.stdout?.off("data", onData);
        child.stderr?.off("data", onData);
        resolve(match[1].replace(/\/$/, ""));
      }
    };
    const onExit = (code: number | null, signal: string | null): void =>
      fail(`exited before listening (code ${code}, signal ${signal})`);
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", onExit);
    child.once("error", (error) => fail(`could not be spawned: ${error.message}`));
  });
}

/** SIGTERM lets the server finish in-flight saves; SIGKILL bounds how long a stuck process can hold the suite. */
async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
}
