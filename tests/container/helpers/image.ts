import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { imageBytes, podman, runCommand } from "./podman.ts";
import { type BaseOrigin, ensureNodeImage, ensurePostgresImage, NODE_IMAGE } from "./stand-in.ts";

// Builds the repository's Dockerfile as it is, against whatever npm registry this machine uses.

export const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));
/** A cold build downloads every dependency twice (build and production stages): minutes on a slow network. */
const BUILD_DEADLINE_MS = 900_000;
/** Where the build's npm finds the CA bundle; the official slim image has none of its own. */
const BUILD_CA_PATH = "/etc/ssl/certs/ca-certificates.crt";

/** The image and what it took, for the tests' report and the bench. */
export interface BuiltImages {
  readonly tag: string;
  readonly nodeBase: BaseOrigin;
  readonly postgres: BaseOrigin;
  /** Seconds from the start of the Fanvas build to its end (its base in place). */
  readonly buildSeconds: number;
  /** Seconds to make the node base (about 0 when podman held it). */
  readonly baseSeconds: number;
  readonly imageBytes: number;
  readonly baseBytes: number;
}

/**
 * The node base (a stand-in where podman lacks it), then the Fanvas image under `tag`; the PostgreSQL image
 * (a stand-in too where needed) is made alongside, as soon as their shared Debian is there.
 */
export async function buildImages(tag: string): Promise<BuiltImages> {
  const fanvas = async () => {
    const basesStarted = performance.now();
    const nodeBase = await ensureNodeImage();
    const baseSeconds = (performance.now() - basesStarted) / 1000;
    const buildStarted = performance.now();
    await buildFanvasImage(tag);
    return { nodeBase, baseSeconds, buildSeconds: (performance.now() - buildStarted) / 1000 };
  };
  const [postgres, built] = await Promise.all([ensurePostgresImage(), fanvas()]);
  return {
    tag,
    postgres,
    ...built,
    imageBytes: await imageBytes(tag),
    baseBytes: await imageBytes(NODE_IMAGE),
  };
}

/**
 * `podman build` of the Dockerfile; `noCache` runs every step again, as a machine that never built it does.
 * Docker's format keeps the HEALTHCHECK (OCI's drops it); --pull=never builds on the base podman holds. npm inside
 * the build reaches the registry the way this machine's npm does: its registry and CA bundle go in through
 * read-only mounts that exist only while a RUN step runs, so nothing of this machine is in the Dockerfile or the
 * image.
 */
export async function buildFanvasImage(
  tag: string,
  options: { readonly noCache?: boolean } = {},
): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "fanvas-image-build-"));
  try {
    const mounts = await npmMounts(dir);
    const cache = options.noCache ? ["--no-cache"] : [];
    const args = [
      "build",
      "--pull=never",
      "--format",
      "docker",
      ...cache,
      ...mounts,
      "--tag",
      tag,
      REPO_ROOT,
    ];
    const result = await runCommand("podman", args, { deadlineMs: BUILD_DEADLINE_MS });
    if (result.code !== 0) {
      throw new Error(
        `podman ${args.join(" ")} exited with ${result.code}:\n${tail(result.stdout + result.stderr)}`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `-v` options giving the build's npm this machine's registry and, when npm names one, its CA bundle. */
async function npmMounts(dir: string): Promise<string[]> {
  const registry = await npmConfig("registry");
  const cafile = (await npmConfig("cafile")) ?? process.env.NODE_EXTRA_CA_CERTS;
  const lines = registry === undefined ? [] : [`registry=${registry}`];
  const mounts: string[] = [];
  if (cafile !== undefined && existsSync(cafile)) {
    lines.push(`cafile=${BUILD_CA_PATH}`);
    mounts.push("--volume", `${cafile}:${BUILD_CA_PATH}:ro`);
  }
  const npmrc = join(dir, "npmrc");
  writeFileSync(npmrc, `${lines.join("\n")}\n`);
  mounts.push("--volume", `${npmrc}:/root/.npmrc:ro`);
  return mounts;
}

async function npmConfig(key: string): Promise<string | undefined> {
  const value = (await runCommand("npm", ["config", "get", key])).stdout.trim();
  return value === "" || value === "null" || value === "undefined" ? undefined : value;
}

/** The last lines of a long build log: where it failed. */
function tail(text: string): string {
  return text.split("\n").slice(-60).join("\n");
}

/** Removes the tag (layers stay in podman's cache for the next build). */
export async function removeImage(tag: string): Promise<void> {
  await podman(["rmi", "--force", tag]).catch(() => undefined);
}
