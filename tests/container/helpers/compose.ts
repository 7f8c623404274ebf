import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../../e2e/helpers/server.ts";
import { openForBlock } from "../../helpers/per-block.ts";
import { uniqueName } from "./container.ts";
import { REPO_ROOT } from "./image.ts";
import { builtImages, IMAGES_DEADLINE_MS } from "./images.ts";
import { type CommandResult, podman, runCommand } from "./podman.ts";

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

/** One compose file brought up as an operator would, with this run's image and its own .env, port and name. */
export interface ComposeRun {
  readonly baseUrl: string;
  /** The ADMIN_TOKEN its .env sets. */
  readonly adminToken: string;
  /** A compose command (exec, run, ...) that must succeed; resolves with its stdout. */
  succeed(args: readonly string[]): Promise<string>;
  /** `up -d` without building, once /healthz answers, with health checks run as systemd would run them. */
  up(): Promise<void>;
  /** `stop`; resolves with the Fanvas container's exit code. */
  stop(): Promise<number>;
  /** `down`, keeping the named volumes, as an upgrade does. */
  down(): Promise<void>;
  /** `down --volumes`, then removes the .env and stops podman's API. */
  remove(): Promise<void>;
}

/** Writes the .env (the secrets random, the port free) and starts podman's API for the file's project. */
export async function composeRun(file: string, image: string): Promise<ComposeRun> {
  const dir = mkdtempSync(join(tmpdir(), "fanvas-compose-"));
  const port = await freePort();
  const adminToken = randomBytes(18).toString("base64");
  const envFile = join(dir, ".env");
  const env = [`POSTGRES_PASSWORD=${randomBytes(24).toString("hex")}`, `ADMIN_TOKEN=${adminToken}`];
  writeFileSync(envFile, [...env, `FANVAS_PORT=${port}`, `FANVAS_IMAGE=${image}`, ""].join("\n"));
  // Requests reach the server as 127.0.0.1:<port>, a name a server that checks the Host header accepts only
  // when ALLOWED_HOSTS says so; an override adds it, as an operator's own override file would.
  const override = join(dir, "compose.override.yaml");
  writeFileSync(
    override,
    "services:\n  fanvas:\n    environment:\n      ALLOWED_HOSTS: 127.0.0.1,localhost\n",
  );
  const service = await startPodmanService();
  const project: ComposeProject = {
    files: [join(REPO_ROOT, file), override],
    envFile,
    name: uniqueName("fanvas-compose").replace(/-/g, ""),
    dockerHost: service.dockerHost,
    cwd: REPO_ROOT,
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  const succeed = async (args: readonly string[]) => {
    const result = await compose(project, args);
    if (result.code !== 0) {
      throw new Error(
        `docker-compose ${args.join(" ")} exited with ${result.code}:\n${result.stdout}${result.stderr}`,
      );
    }
    return result.stdout;
  };
  return {
    baseUrl,
    adminToken,
    succeed,
    up: async () => {
      const stopChecks = runHealthChecks(project.name);
      try {
        await succeed(["up", "-d", "--no-build"]);
        await waitForHealthz(baseUrl);
      } finally {
        await stopChecks();
      }
    },
    stop: async () => {
      await succeed(["stop"]);
      return Number(
        (await podman(["inspect", "--format", "{{.State.ExitCode}}", `${project.name}_fanvas_1`])).trim(),
      );
    },
    down: async () => {
      await succeed(["down"]);
    },
    remove: async () => {
      try {
        await compose(project, ["down", "--volumes"]);
      } finally {
        await service.stop();
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** Polls /healthz until it answers 200; rejects after a minute. */
async function waitForHealthz(baseUrl: string): Promise<void> {
  const deadline = performance.now() + 60_000;
  while (performance.now() < deadline) {
    const ok = await fetch(`${baseUrl}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${baseUrl}/healthz did not answer 200 within 60 s`);
}

/**
 * The compose file of the enclosing describe block, run with this run's image (waiting for its build) before the
 * block's tests and removed after them (openForBlock).
 */
export function composeRunForBlock(file: string): ComposeRun {
  return openForBlock(async () => {
    const run = await composeRun(file, (await builtImages()).tag);
    return { ...run, close: run.remove };
  }, IMAGES_DEADLINE_MS);
}
