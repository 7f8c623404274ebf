import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";

/** A Fanvas server process on a port and data directory the test chose, so it can be stopped and started again. */
export interface FixedPortServer {
  readonly url: string;
  /** SIGTERM (the server finishes in-flight saves), then waits for the exit; SIGKILL after a bound. */
  stop(): Promise<void>;
}

const REPO_ROOT = path.resolve(import.meta.dirname, "../../..");
const LISTENING_LINE = /Fanvas listening on (http:\/\/[^\s"',]+)/;
const START_TIMEOUT_MS = 30_000;
const STOP_GRACE_MS = 5_000;

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
 * Starts `node src/server/server.ts` on 127.0.0.1:`port` with `dataDir`; the same two on a restart give the
 * page the same origin (so the same IndexedDB) and the server the same SQLite file. The data directory is the
 * caller's to remove.
 */
export async function startServerOn(port: number, dataDir: string): Promise<FixedPortServer> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    FANVAS_CLIENT_DIR: path.resolve(REPO_ROOT, process.env.E2E_CLIENT_DIR ?? "dist"),
  };
  // The test reads the SQLite file back, so neither PostgreSQL nor another branding may come from the environment.
  delete env.DATABASE_URL;
  delete env.FANVAS_CONFIG;
  const child = spawn(process.execPath, ["src/server/server.ts"], {
    cwd: REPO_ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  try {
    const url = await listeningUrl(child);
    return { url, stop: () => stopProcess(child) };
  } catch (error) {
    await stopProcess(child);
    throw error;
  }
}

function listeningUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = "";
    const fail = (why: string): void => {
      clearTimeout(timer);
      reject(new Error(`Fanvas server ${why}. Its output:\n${output.slice(-4000)}`));
    };
    const timer = setTimeout(
      () => fail(`printed no listening line within ${START_TIMEOUT_MS} ms`),
      START_TIMEOUT_MS,
    );
    const onData = (chunk: Buffer): void => {
      output += chunk.toString("utf8");
      const match = LISTENING_LINE.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        child.off("exit", onExit);
        resolve(match[1].replace(/\/$/, ""));
      }
    };
    const onExit = (code: number | null, signal: string | null): void =>
      fail(`exited before listening (code ${code}, signal ${signal})`);
    // Both pipes are always drained so a chatty server never blocks on a full pipe.
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", onExit);
    child.once("error", (error) => fail(`could not be spawned: ${error.message}`));
  });
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
}
