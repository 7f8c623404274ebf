import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createVolume,
  removeLeftoverContainers,
  removeVolume,
  runContainer,
  STOP_GRACE_SECONDS,
} from "./helpers/container.ts";
import { type SavedDrawing, saveDrawing, servesSamePicture } from "./helpers/drawings.ts";
import { REPO_ROOT } from "./helpers/image.ts";
import { builtImages, IMAGES_DEADLINE_MS } from "./helpers/images.ts";
import { containerTestsRun, podman, runCommand } from "./helpers/podman.ts";

// The image run as an operator runs it on SQLite: a named volume for /data, the branding mounted, podman stop
// (SIGTERM, then SIGKILL after 10 s) to end it, and a new container on the same volume to carry on.

const CONTAINER_BRANDING = "/etc/fanvas/fanvas.config.json";
/** Saves sent together just before the stop. */
const SAVES_AROUND_STOP = 8;

describe.runIf(containerTestsRun())("a container with a data volume", () => {
  let image: string;
  let volume: string;
  let brandingDir: string;
  let first: SavedDrawing;
  beforeAll(async () => {
    image = (await builtImages()).tag;
    volume = await createVolume();
    brandingDir = brandingFiles();
  }, IMAGES_DEADLINE_MS);
  afterAll(async () => {
    await removeLeftoverContainers();
    await removeVolume(volume);
    rmSync(brandingDir, { recursive: true, force: true });
  });

  /** A container on the volume, branded, with the save limit off so the saves around the stop all go in. */
  const start = () =>
    runContainer({
      image,
      volumes: [
        `${volume}:/data`,
        `${join(brandingDir, "fanvas.config.json")}:${CONTAINER_BRANDING}:ro`,
        `${join(brandingDir, "images")}:/app/dist/branding:ro`,
      ],
      env: { FANVAS_CONFIG: CONTAINER_BRANDING, SAVE_RATE_LIMIT: "0" },
    });

  it("starts healthy with the mounted branding, stores a drawing, backs up inside itself, and exits 0 on SIGTERM", async () => {
    const container = await start();
    console.info(`start to healthy: ${container.startToHealthyMs.toFixed(0)} ms`);
    const config = (await (await fetch(`${container.baseUrl}/api/config`)).json()) as { title: string };
    expect(config.title).toBe("Container Fans");
    const mascot = await fetch(`${container.baseUrl}/branding/mascot.png`);
    expect(mascot.status).toBe(200);
    expect(mascot.headers.get("content-type")).toBe("image/png");

    first = await saveDrawing(container.baseUrl, 3);
    expect(await servesSamePicture(container.baseUrl, first)).toBe(true);
    // The permalink page names its share script from the build, so every part of `npm run build` is in the image.
    const permalink = await fetch(`${container.baseUrl}/d/${first.id}`);
    expect(permalink.status).toBe(200);
    expect(await permalink.text()).toMatch(/\/assets\/permalink-page-[\w-]+\.js/);

    const backup = await runCommand("podman", [
      "exec",
      container.name,
      "npm",
      "run",
      "backup",
      "--",
      "/data/copy.sqlite",
    ]);
    expect(backup.code, backup.stdout + backup.stderr).toBe(0);
    // The image's HEALTHCHECK, run as the engine's timer would run it.
    const health = await runCommand("podman", ["healthcheck", "run", container.name]);
    expect(health.code, health.stdout + health.stderr).toBe(0);
    // Node itself is PID 1, so SIGTERM reaches the handler in src/server/main.ts.
    const pid1 = await podman(["exec", container.name, "cat", "/proc/1/cmdline"]);
    expect(pid1.split("\0").filter(Boolean)).toEqual(["node", "src/server/main.ts"]);

    const stopped = await container.stop();
    console.info(
      `SIGTERM to exit: ${stopped.ms.toFixed(0)} ms (podman stop, SIGKILL after ${STOP_GRACE_SECONDS} s)`,
    );
    // 137 would be the SIGKILL of a process still running 10 s after SIGTERM.
    expect(stopped.exitCode, await container.logs()).toBe(0);
    expect(await container.logs()).toContain("Received SIGTERM: finishing saves in flight, then stopping");
    await container.remove();
  });

  it("a new container on the same volume serves the same drawing, pixel for pixel", async () => {
    const container = await start();
    expect(await servesSamePicture(container.baseUrl, first)).toBe(true);
    await container.stop();
    await container.remove();
  });

  it("keeps every save it acknowledged up to SIGTERM", async () => {
    const container = await start();
    let stopping: Promise<{ exitCode: number; ms: number }> | undefined;
    const saves = Array.from({ length: SAVES_AROUND_STOP }, (_, index) =>
      saveDrawing(container.baseUrl, 10 + index).then((saved) => {
        // The stop begins as the first acknowledgement arrives, with the other saves still on their way.
        stopping ??= container.stop();
        return saved;
      }),
    );
    const settled = await Promise.allSettled(saves);
    const acknowledged = settled.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
    expect(acknowledged.length).toBeGreaterThan(0);
    expect((await stopping)?.exitCode).toBe(0);
    await container.remove();

    const after = await start();
    for (const drawing of [first, ...acknowledged]) {
      expect(await servesSamePicture(after.baseUrl, drawing), drawing.id).toBe(true);
    }
    await after.stop();
  });
});

/** A branding file naming an image under /branding/, and that image, readable by the container's user. */
function brandingFiles(): string {
  const dir = mkdtempSync(join(tmpdir(), "fanvas-container-branding-"));
  mkdirSync(join(dir, "images"));
  copyFileSync(join(REPO_ROOT, "public", "mascot.png"), join(dir, "images", "mascot.png"));
  const branding = { title: "Container Fans", mascotImage: "/branding/mascot.png" };
  writeFileSync(join(dir, "fanvas.config.json"), JSON.stringify(branding));
  for (const path of [dir, join(dir, "images")]) chmodSync(path, 0o755);
  for (const path of [join(dir, "fanvas.config.json"), join(dir, "images", "mascot.png")])
    chmodSync(path, 0o644);
  return dir;
}
