import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type CommandResult, runCommand } from "./podman.ts";

// compose.yaml run by a compose tool against podman. Debian's docker-compose (1.29, the Python one) reads the
// Compose specification, checks it against its schema and honours depends_on's service_healthy; it talks to
// podman through podman's Docker-compatible API socket. (Debian's podman-compose 1.0.3 has no `config` and
// ignores depends_on's conditions, so it could prove neither.)

/** Compose's own waits (a database's first start, health checks) take seconds; nothing here may take minutes. */
const COMPOSE_DEADLINE_MS = 180_000;
const SOCKET_DEADLINE_MS = 20_000;

/** Whether Debian's docker-compose is installed; in CI (.ci/run installs it) a missing one fails the tests. */
export function dockerComposeInstalled(): boolean {
  if (process.env.CI) return true;
  try {
    execFileSync("docker-compose", ["version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** `podman system service` on a socket of its own, for docker-compose. */
export interface PodmanService {
  readonly dockerHost: string;
  stop(): Promise<void>;
}

/** Starts podman's Docker-compatible API on a fresh socket and resolves once the socket is there. */
export async function startPodmanService(): Promise<PodmanService> {
  const dir = mkdtempSync(join(tmpdir(), "fanvas-podman-api-"));
  const socket = join(dir, "podman.sock");
  const child: ChildProcess = spawn("podman", ["system", "service", "--time=0", `unix://${socket}`], {
    stdio: "ignore",
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = performance.now() + SOCKET_DEADLINE_MS;
  while (!existsSync(socket)) {
    if (performance.now() > deadline || child.exitCode !== null) {
      await stop();
      throw new Error(`podman system service made no socket within ${SOCKET_DEADLINE_MS} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { dockerHost: `unix://${socket}`, stop };
}

/** One compose project: compose files (the first names the project's directory), an .env file and a name. */
export interface ComposeProject {
  readonly files: readonly string[];
  readonly envFile: string;
  readonly name: string;
  readonly dockerHost?: string;
  readonly cwd: string;
}

/** `docker-compose --env-file … -p … -f … [-f …] <args>`, to its end. */
export function compose(project: ComposeProject, args: readonly string[]): Promise<CommandResult> {
  const env = {
    ...process.env,
    ...(project.dockerHost === undefined ? {} : { DOCKER_HOST: project.dockerHost }),
  };
  return runCommand(
    "docker-compose",
    [
      "--env-file",
      project.envFile,
      "-p",
      project.name,
      ...project.files.flatMap((file) => ["-f", file]),
      ...args,
    ],
    { deadlineMs: COMPOSE_DEADLINE_MS, env, cwd: project.cwd },
  );
}

/**
 * Runs the project's health checks every second, as podman asks systemd to on a host that runs it; this test
 * machine has no systemd, and without it no container would ever turn healthy. Returns what stops it.
 */
export function runHealthChecks(project: string): () => Promise<void> {
  let running = true;
  const loop = (async () => {
    while (running) {
      const listed = await runCommand("podman", [
        "ps",
        "--filter",
        `label=com.docker.compose.project=${project}`,
        "--format",
        "{{.Names}}",
      ]);
      const names = listed.stdout.split("\n").filter((name) => name !== "");
      await Promise.all(names.map((name) => runCommand("podman", ["healthcheck", "run", name])));
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  })();
  return async () => {
    running = false;
    await loop;
  };
}
