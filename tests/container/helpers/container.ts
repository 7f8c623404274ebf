import { randomBytes } from "node:crypto";
import { podman, runCommand } from "./podman.ts";

// Fanvas containers as an operator runs them: `podman run -d` with a published loopback port or the host's network.

/** No start may hang: past this, the test fails with the container's log. */
const START_DEADLINE_MS = 60_000;
/** As `docker stop`'s default: SIGTERM, then SIGKILL after this many seconds. */
export const STOP_GRACE_SECONDS = 10;

/**
 * What every container of these tests gets besides its own settings. Requests reach it as 127.0.0.1:<port>, which a
 * server that checks the Host header accepts only when ALLOWED_HOSTS names it (HOST is 0.0.0.0 inside).
 */
const TEST_ENV: Readonly<Record<string, string>> = { ALLOWED_HOSTS: "127.0.0.1,localhost" };

/** How to run one container. */
export interface RunOptions {
  readonly image: string;
  /** `-v` specifications (a named volume or a host path, then the path inside). */
  readonly volumes?: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
  /** Use the host's network on this port instead of publishing 8080 on a free loopback port. */
  readonly hostNetworkPort?: number;
}

/** A started container; stop() and remove() may be called in any order, more than once. */
export interface RunningContainer {
  readonly name: string;
  readonly baseUrl: string;
  /** Milliseconds from `podman run` to the first 200 from /healthz. */
  readonly startToHealthyMs: number;
  /** When that 200 arrived (Date.now()), to set against the engine's own record of the start. */
  readonly healthyAt: number;
  logs(): Promise<string>;
  /** `podman stop` (SIGTERM, SIGKILL after STOP_GRACE_SECONDS): its exit code and how long the stop took. */
  stop(): Promise<{ exitCode: number; ms: number }>;
  remove(): Promise<void>;
}

const started = new Set<string>();

/** A name no other run on this machine uses. */
export function uniqueName(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString("hex")}`;
}

/** Starts the container and resolves once /healthz answers 200 through the published port. */
export async function runContainer(options: RunOptions): Promise<RunningContainer> {
  const name = uniqueName("fanvas-test");
  const env = Object.entries({ ...TEST_ENV, ...options.env }).flatMap(([key, value]) => [
    "-e",
    `${key}=${value}`,
  ]);
  const volumes = (options.volumes ?? []).flatMap((volume) => ["-v", volume]);
  const network =
    options.hostNetworkPort === undefined
      ? ["-p", "127.0.0.1::8080"]
      : ["--network", "host", "-e", `PORT=${options.hostNetworkPort}`, "-e", "HOST=127.0.0.1"];
  const runAt = performance.now();
  started.add(name);
  await podman(["run", "-d", "--name", name, ...network, ...env, ...volumes, options.image]);
  const port = options.hostNetworkPort ?? (await publishedPort(name));
  const baseUrl = `http://127.0.0.1:${port}`;
  const logs = async () => {
    const result = await runCommand("podman", ["logs", name]);
    return result.stdout + result.stderr;
  };
  await waitForHealthz(baseUrl, logs);
  const startToHealthyMs = performance.now() - runAt;
  return {
    name,
    baseUrl,
    startToHealthyMs,
    healthyAt: Date.now(),
    logs,
    stop: async () => {
      const stopAt = performance.now();
      await podman(["stop", "--time", String(STOP_GRACE_SECONDS), name]);
      const ms = performance.now() - stopAt;
      const exitCode = Number((await podman(["inspect", "--format", "{{.State.ExitCode}}", name])).trim());
      return { exitCode, ms };
    },
    remove: async () => {
      await runCommand("podman", ["rm", "--force", "--volumes", name]);
      started.delete(name);
    },
  };
}

/** Removes every container runContainer started that its test left behind. */
export async function removeLeftoverContainers(): Promise<void> {
  const names = [...started];
  started.clear();
  if (names.length > 0) await runCommand("podman", ["rm", "--force", "--volumes", ...names]);
}

/** The host port podman published the container's 8080 on. */
async function publishedPort(name: string): Promise<number> {
  const line = (await podman(["port", name, "8080/tcp"])).trim();
  const port = Number(/:(\d+)$/.exec(line)?.[1]);
  if (!Number.isInteger(port) || port <= 0) throw new Error(`podman port ${name} said "${line}"`);
  return port;
}

/** Polls /healthz until it answers 200; rejects with the container's log at the deadline. */
async function waitForHealthz(baseUrl: string, logs: () => Promise<string>): Promise<void> {
  const deadline = performance.now() + START_DEADLINE_MS;
  while (performance.now() < deadline) {
    const ok = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(
    `${baseUrl}/healthz did not answer 200 within ${START_DEADLINE_MS} ms; log:\n${await logs()}`,
  );
}

/** A new named volume, removed by removeVolume. */
export async function createVolume(): Promise<string> {
  const name = uniqueName("fanvas-test-data");
  await podman(["volume", "create", name]);
  return name;
}

export async function removeVolume(name: string): Promise<void> {
  await runCommand("podman", ["volume", "rm", "--force", name]);
}
