import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "vite";

const REPO_ROOT = join(import.meta.dirname, "..", "..");
/** The module WallSlot imports lazily: the wall's own chunk. */
const GALLERY_MODULE = "src/client/wall/Wall.tsx";

interface ManifestChunk {
  readonly file: string;
  readonly imports?: readonly string[];
  readonly css?: readonly string[];
}
type Manifest = Readonly<Record<string, ManifestChunk>>;

/** Bytes of the JS and CSS the wall loads after the tool, beyond what the page already loaded. */
export interface GalleryChunks {
  readonly files: readonly string[];
  readonly raw: number;
  readonly gzip: number;
}

/** Files `key` loads, its static imports' and their stylesheets, recursively. */
function filesOf(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  const files = new Set<string>();
  if (seen.has(key)) return files;
  seen.add(key);
  const chunk = manifest[key];
  if (chunk === undefined) return files;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? [])
    for (const file of filesOf(manifest, imported, seen)) files.add(file);
  return files;
}

/**
 * Builds the real page (the repository's vite.config.ts, production) into a temp dir with a manifest and
 * sums the lazy gallery chunk, its imports and stylesheets that index.html does not load already:
 * raw and gzipped (node:zlib default level, as the page bench counts).
 */
export async function galleryChunkBytes(): Promise<GalleryChunks> {
  const outDir = await mkdtemp(join(tmpdir(), "fanvas-bench-dist-"));
  try {
    await build({
      root: REPO_ROOT,
      logLevel: "silent",
      build: { outDir, emptyOutDir: true, manifest: true, reportCompressedSize: false },
    });
    const manifest = JSON.parse(await readFile(join(outDir, ".vite", "manifest.json"), "utf8")) as Manifest;
    if (manifest[GALLERY_MODULE] === undefined)
      throw new Error(`${GALLERY_MODULE} is not a chunk of the build`);
    const initial = filesOf(manifest, "index.html");
    const files = [...filesOf(manifest, GALLERY_MODULE)].filter((file) => !initial.has(file));
    let raw = 0;
    let gzip = 0;
    for (const file of files) {
      const bytes = await readFile(join(outDir, file));
      raw += bytes.length;
      gzip += gzipSync(bytes).length;
    }
    return { files, raw, gzip };
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}
