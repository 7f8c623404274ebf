import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../e2e/helpers/server.ts";
import {
  type ComposeProject,
  compose,
  dockerComposeInstalled,
  type PodmanService,
  runHealthChecks,
  startPodmanService,
} from "./helpers/compose.ts";
import { uniqueName } from "./helpers/container.ts";
import { saveDrawing, servesSamePicture } from "./helpers/drawings.ts";
import { REPO_ROOT } from "./helpers/image.ts";
import { builtImages, IMAGES_DEADLINE_MS } from "./helpers/images.ts";
import { containerTestsRun, podman } from "./helpers/podman.ts";

// compose.yaml and compose.sqlite.yaml brought up whole by a compose tool, with the image this run built
// (FANVAS_IMAGE) and, for PostgreSQL, the image under compose.yaml's name (a stand-in where no registry is
// reachable: tests/container/stand-in/README.md). What an operator's `docker compose up -d` and `down` do.

describe.runIf(containerTestsRun() && dockerComposeInstalled())("the compose files, brought up", () => {
  let image: string;
  let service: PodmanService;
  const dirs: string[] = [];
  beforeAll(async () => {
    image = (await builtImages()).tag;
    service = await startPodmanService();
  }, IMAGES_DEADLINE_MS);
  afterAll(async () => {
    await service?.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  /** A project of the file with an .env as README.md has operators write it, on a free loopback port. */
  async function project(
    file: string,
  ): Promise<{ project: ComposeProject; port: number; adminToken: string }> {
    const dir = mkdtempSync(join(tmpdir(), "fanvas-compose-"));
    dirs.push(dir);
    const port = await freePort();
    const adminToken = randomBytes(18).toString("base64");
    const envFile = join(dir, ".env");
    writeFileSync(
      envFile,
      [
        `POSTGRES_PASSWORD=${randomBytes(24).toString("hex")}`,
        `ADMIN_TOKEN=${adminToken}`,
        `FANVAS_PORT=${port}`,
        `FANVAS_IMAGE=${image}`,
        "",
      ].join("\n"),
    );
    // Requests reach the server as 127.0.0.1:<port>, a name a server that checks the Host header accepts only
    // when ALLOWED_HOSTS says so; an override adds it, as an operator's own override file would.
    const override = join(dir, "compose.override.yaml");
    writeFileSync(
      override,
      "services:\n  fanvas:\n    environment:\n      ALLOWED_HOSTS: 127.0.0.1,localhost\n",
    );
    const name = uniqueName("fanvas-compose").replace(/-/g, "");
    const files = [join(REPO_ROOT, file), override];
    return {
      project: { files, envFile, name, dockerHost: service.dockerHost, cwd: REPO_ROOT },
      port,
      adminToken,
    };
  }

  /** `up -d` without building (the image is this run's), with health checks run as systemd would run them. */
  async function up(composeProject: ComposeProject, baseUrl: string): Promise<void> {
    const stopChecks = runHealthChecks(composeProject.name);
    try {
      const result = await compose(composeProject, ["up", "-d", "--no-build"]);
      expect(result.code, result.stdout + result.stderr).toBe(0);
      await waitForHealthz(baseUrl);
    } finally {
      await stopChecks();
    }
  }

  /** `down`, keeping the named volumes (as an upgrade does) unless `volumes`. */
  async function down(composeProject: ComposeProject, volumes = false): Promise<void> {
    const result = await compose(composeProject, ["down", ...(volumes ? ["--volumes"] : [])]);
    expect(result.code, result.stdout + result.stderr).toBe(0);
  }

  /** A command in the project (exec, run, stop) that must succeed; resolves with its stdout. */
  async function succeed(composeProject: ComposeProject, args: readonly string[]): Promise<string> {
    const result = await compose(composeProject, args);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    return result.stdout;
  }

  /** `stop`, as before an upgrade or a restore: Fanvas exits 0 on compose's SIGTERM. */
  async function stop(composeProject: ComposeProject): Promise<void> {
    await succeed(composeProject, ["stop"]);
    const container = `${composeProject.name}_fanvas_1`;
    expect((await podman(["inspect", "--format", "{{.State.ExitCode}}", container])).trim()).toBe("0");
  }

  it("compose.yaml: Fanvas waits for a healthy PostgreSQL, stores there, takes the admin token from .env, dumps with pg_dump, and keeps the drawings over down and up", async () => {
    const { project: composeProject, port, adminToken } = await project("compose.yaml");
    const baseUrl = `http://127.0.0.1:${port}`;
    try {
      await up(composeProject, baseUrl);
      const ready = await fetch(`${baseUrl}/readyz`);
      expect(ready.status).toBe(200);
      const drawing = await saveDrawing(baseUrl, 21);
      const admin = await fetch(`${baseUrl}/api/admin/drawings?filter=newest`, {
        headers: { Authorization: `Bearer ${adminToken}` },
      });
      expect(admin.status).toBe(200);
      const listed = (await admin.json()) as { items: { id: string }[] };
      expect(listed.items.map((item) => item.id)).toContain(drawing.id);
      // README's backup: a custom-format dump starts with its magic.
      const dump = await succeed(composeProject, [
        "exec",
        "-T",
        "db",
        "pg_dump",
        "--username=fanvas",
        "--format=custom",
        "fanvas",
      ]);
      expect(dump.startsWith("PGDMP")).toBe(true);
      await stop(composeProject);
      await down(composeProject);
      await up(composeProject, baseUrl);
      expect(await servesSamePicture(baseUrl, drawing)).toBe(true);
    } finally {
      await down(composeProject, true);
    }
  }, 300_000);

  it("compose.sqlite.yaml: one container on a named volume; README's backup and restore inside it; the drawings kept over down and up", async () => {
    const { project: composeProject, port } = await project("compose.sqlite.yaml");
    const baseUrl = `http://127.0.0.1:${port}`;
    try {
      await up(composeProject, baseUrl);
      const kept = await saveDrawing(baseUrl, 22);
      await succeed(composeProject, [
        "exec",
        "-T",
        "fanvas",
        "npm",
        "run",
        "backup",
        "--",
        "/data/backup.sqlite",
      ]);
      const afterBackup = await saveDrawing(baseUrl, 23);
      await stop(composeProject);
      await succeed(composeProject, [
        "run",
        "--rm",
        "fanvas",
        "npm",
        "run",
        "restore",
        "--",
        "/data/backup.sqlite",
      ]);
      await down(composeProject);
      await up(composeProject, baseUrl);
      expect(await servesSamePicture(baseUrl, kept)).toBe(true);
      expect((await fetch(`${baseUrl}${afterBackup.url}`)).status).toBe(404);
    } finally {
      await down(composeProject, true);
    }
  }, 300_000);
});

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
