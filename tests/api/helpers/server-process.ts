import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const SERVER_ENTRY = "src/server/main.ts";
/** No wait in these tests may hang: past this, the server is killed and the test fails. */
const DEADLINE_MS = 20_000;

/** A running `node src/server/main.ts` child. */
export interface ServerProcess {
  readonly port: number;
  readonly baseUrl: string;
  readonly child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves once stderr has printed a line matching the pattern. */
  waitForStderr(pattern: RegExp): Promise<void>;
  /** Sends the signal and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /** Resolves with the exit code once the process has ended by itself (or was signalled already). */
  exited(): Promise<number | null>;
}

/** What a process that stopped by itself left behind. */
export interface FinishedProcess {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

const running = new Set<ChildProcess>();

/** Kills every server a test left running; call from afterEach. */
export function killLeftoverServers(): void {
  for (const child of running) child.kill("SIGKILL");
  running.clear();
}

/** The environment of a child server: PORT=0 on loopback, no inherited Fanvas settings. */
function serverEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = { ...process.env };
  for (const key of [
    "DATABASE_URL",
    "FANVAS_CONFIG",
    "FANVAS_CLIENT_DIR",
    "DATA_DIR",
    "PORT",
    "HOST",
    "ALLOWED_HOSTS",
    "PUBLIC_BASE_URL",
    "LOG_LEVEL",
  ]) {
    delete base[key];
  }
  return { ...base, PORT: "0", HOST: "127.0.0.1", FANVAS_CLIENT_DIR: "/nonexistent/fanvas-client", ...env };
}

interface Launched {
  readonly child: ChildProcess;
  readonly out: string[];
  readonly err: string[];
  /** True once the process exited and its output streams are drained. */
  closed(): boolean;
}

function launch(env: Record<string, string>, entry = SERVER_ENTRY): Launched {
  const child = spawn(process.execPath, [entry], {
    cwd: REPO_ROOT,
    env: serverEnv(env),
    stdio: "pipe",
  });
  running.add(child);
  let closed = false;
  child.on("close", () => {
    closed = true;
    running.delete(child);
  });
  const out: string[] = [];
  const err: string[] = [];
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => out.push(chunk));
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => err.push(chunk));
  return { child, out, err, closed: () => closed };
}

/** Resolves when check() holds after some output, rejects at the deadline (and kills the child). */
function waitFor(
  child: ChildProcess,
  check: () => boolean,
  what: string,
  output: () => string,
  exitIsFailure = true,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const poll = setInterval(() => {
      if (check()) finish();
      else if (exitIsFailure && (child.exitCode !== null || child.signalCode !== null))
        fail(`the server exited with ${child.exitCode} before ${what}`);
    }, 20);
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      fail(`timed out waiting for ${what}`);
    }, DEADLINE_MS);
    function finish() {
      clearInterval(poll);
      clearTimeout(timer);
      resolve();
    }
    function fail(reason: string) {
      clearInterval(poll);
      clearTimeout(timer);
      reject(new Error(`${reason}; output:\n${output()}`));
    }
  });
}

/**
 * Starts the server (or another `entry`, relative to the repository, that prints the same listening line) and
 * resolves once it printed its listening line.
 */
export async function spawnServer(env: Record<string, string>, entry = SERVER_ENTRY): Promise<ServerProcess> {
  const { child, out, err, closed } = launch(env, entry);
  const listening = () => /^Fanvas listening on (http:\/\/\S+:(\d+))$/m.exec(out.join(""));
  const output = () => `${out.join("")}${err.join("")}`;
  await waitFor(child, () => listening() !== null, "the listening line", output);
  const match = listening();
  const port = Number(match?.[2]);
  return {
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    child,
    stdout: () => out.join(""),
    stderr: () => err.join(""),
    waitForStderr: (pattern) => waitFor(child, () => pattern.test(err.join("")), `stderr ${pattern}`, output),
    stop: async (signal = "SIGTERM") => {
      child.kill(signal);
      await waitFor(child, closed, "the exit", output, false);
      return child.exitCode;
    },
    exited: async () => {
      await waitFor(child, closed, "the exit", output, false);
      return child.exitCode;
    },
  };
}

/** A server started without waiting for its listening line, for what it does while it starts. */
export interface StartingProcess {
  readonly child: ChildProcess;
  /** Resolves once stderr has printed a line matching the pattern; rejects if the process exits first. */
  waitForStderr(pattern: RegExp): Promise<void>;
  /** Resolves once it has exited, with what it printed and the signal that ended it, if one did. */
  finished(): Promise<FinishedProcess & { readonly signal: NodeJS.Signals | null }>;
}

/** Starts the server and returns at once. */
export function startServerProcess(env: Record<string, string>): StartingProcess {
  const { child, out, err, closed } = launch(env);
  const output = () => `${out.join("")}${err.join("")}`;
  return {
    child,
    waitForStderr: (pattern) => waitFor(child, () => pattern.test(err.join("")), `stderr ${pattern}`, output),
    finished: async () => {
      await waitFor(child, closed, "the exit", output, false);
      return { code: child.exitCode, signal: child.signalCode, stdout: out.join(""), stderr: err.join("") };
    },
  };
}

/** Runs a server that is expected to stop by itself (bad configuration) and collects its output. */
export async function runServerToExit(env: Record<string, string>): Promise<FinishedProcess> {
  const { child, out, err, closed } = launch(env);
  const output = () => `${out.join("")}${err.join("")}`;
  await waitFor(child, closed, "the exit", output, false);
  return { code: child.exitCode, stdout: out.join(""), stderr: err.join("") };
}
