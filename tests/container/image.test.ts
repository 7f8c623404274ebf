import { beforeAll, describe, expect, it } from "vitest";
import type { BuiltImages } from "./helpers/image.ts";
import { builtImages, IMAGES_DEADLINE_MS } from "./helpers/images.ts";
import { containerTestsRun, podman, runCommand } from "./helpers/podman.ts";
import { NODE_IMAGE } from "./helpers/stand-in.ts";

// The image the Dockerfile builds: what it adds to its base, who it runs as, and what it holds and leaves out.

/** The target for what the image may add to node:24-bookworm-slim. */
const MAX_ADDED_BYTES = 150e6;

interface ImageConfig {
  readonly User: string;
  readonly Env: readonly string[];
  readonly ExposedPorts: Record<string, unknown>;
  readonly Volumes: Record<string, unknown>;
  readonly Labels: Record<string, string>;
  readonly Cmd: readonly string[];
}

describe.runIf(containerTestsRun())("the container image", () => {
  let images: BuiltImages;
  beforeAll(async () => {
    images = await builtImages();
  }, IMAGES_DEADLINE_MS);

  it("adds at most 150 MB to node:24-bookworm-slim", () => {
    const added = images.imageBytes - images.baseBytes;
    const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
    console.info(
      `${images.tag}: ${mb(images.imageBytes)}, ${mb(added)} over ${NODE_IMAGE} (${images.nodeBase === "stand-in" ? "a stand-in" : "the official image"}, ${mb(images.baseBytes)}); built in ${images.buildSeconds.toFixed(1)} s after ${images.baseSeconds.toFixed(1)} s for its base`,
    );
    expect(added).toBeGreaterThan(0);
    expect(added).toBeLessThanOrEqual(MAX_ADDED_BYTES);
  });

  it("runs as the unprivileged node user, exposes 8080 on every interface, keeps its data in a volume and checks its health", async () => {
    const [inspected] = JSON.parse(await podman(["image", "inspect", images.tag])) as {
      Config: ImageConfig;
      Healthcheck?: { Test: string[] };
    }[];
    const config = inspected?.Config as ImageConfig;
    expect(config.User).toBe("node");
    expect(config.Env).toEqual(expect.arrayContaining(["HOST=0.0.0.0", "PORT=8080", "DATA_DIR=/data"]));
    expect(Object.keys(config.ExposedPorts)).toEqual(["8080/tcp"]);
    expect(Object.keys(config.Volumes)).toEqual(["/data"]);
    // Kept only in Docker's image format: podman build --format docker.
    expect(inspected?.Healthcheck?.Test.join(" ")).toContain("/healthz");
    expect(config.Cmd).toEqual(["node", "src/server/main.ts"]);
    expect(config.Labels["org.opencontainers.image.source"]).toMatch(/^https:\/\//);
    expect(config.Labels["org.opencontainers.image.licenses"]).toBeTruthy();
    const uid = await podman(["run", "--rm", "--entrypoint", "id", images.tag, "-u"]);
    expect(uid.trim()).toBe("1000");
  });

  it("holds the built page, its server-render bundle and production dependencies, and no tests, dev tools or build secrets", async () => {
    const listing = await podman([
      "run",
      "--rm",
      "--user",
      "root",
      "--entrypoint",
      "sh",
      images.tag,
      "-c",
      "ls /app/node_modules; ls -A /app; find /app/src /app/dist /root /home \\( -name '*.test.ts' -o -name '.npmrc' -o -name '.env' \\) -print; ls /app/dist/index.html /app/dist/.ssr/server-render.js",
    ]);
    const lines = listing.split("\n").filter((line) => line !== "");
    for (const present of [
      "fastify",
      "sharp",
      "pg",
      "kysely",
      "/app/dist/index.html",
      "/app/dist/.ssr/server-render.js",
    ]) {
      expect(lines).toContain(present);
    }
    for (const absent of [
      "vite",
      "vitest",
      "typescript",
      "@biomejs",
      "@playwright",
      "lighthouse",
      "tests",
      "bench",
    ]) {
      expect(lines).not.toContain(absent);
    }
    // No test file, npm configuration (the build's registry and CA came in through mounts) or environment file.
    expect(lines.filter((line) => /\.test\.ts$|\.npmrc$|\.env$/.test(line))).toEqual([]);
  });

  it("carries V8's compiled code of the server's modules for its own user, so a first start skips compiling them", async () => {
    const result = await runCommand("podman", [
      "run",
      "--rm",
      "-e",
      "NODE_DEBUG_NATIVE=COMPILE_CACHE",
      images.tag,
      "node",
      "--input-type=module",
      "-e",
      "await import('/app/src/server/start.ts')",
    ]);
    expect(result.code, result.stderr).toBe(0);
    // Node reports each module whose compiled code V8 accepted from the cache as it loads it, and a cache
    // directory it cannot use (one made for another uid). Its "skip persisting" lines come at exit, after the
    // server's last write, and podman may close the log before them; the load-time line is the proof.
    expect(result.stderr).not.toContain("Cannot create cache directory");
    expect(result.stderr).toContain("V8 code cache for ESM file:///app/src/server/app.ts was accepted");
  });
});
