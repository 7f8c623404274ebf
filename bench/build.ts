import { join } from "node:path";
import { gzipSync } from "node:zlib";
import react from "@vitejs/plugin-react";
import { build } from "vite";

type BuildResult = Awaited<ReturnType<typeof build>>;
type Output = Extract<BuildResult, { output: unknown }>;
type OutputItem = Output["output"][number];

const BENCH_DIR = import.meta.dirname;
const REPO_ROOT = join(BENCH_DIR, "..");
const PAGE_DIR = join(BENCH_DIR, "page");
const ADAPTERS_DIR = join(PAGE_DIR, "adapters");

/**
 * Builds the bench page (all systems, production mode) into `outDir`, from this checkout's bench/page or another
 * checkout's (`pageDir`). Source maps go beside the scripts, unreferenced, so the pages run the same code and a
 * profile can still be traced to source files (bench/document/backup-cost.ts).
 */
export async function buildBenchPage(outDir: string, pageDir = PAGE_DIR): Promise<void> {
  await build({
    configFile: false,
    root: pageDir,
    base: "./",
    logLevel: "warn",
    plugins: [react()],
    build: { outDir, emptyOutDir: true, reportCompressedSize: false, sourcemap: "hidden" },
  });
}

function outputOf(result: BuildResult): Output {
  const single = Array.isArray(result) ? result[0] : result;
  if (single === undefined || !("output" in single)) throw new Error("vite build returned no output");
  return single;
}

function gzipBytes(item: OutputItem): number {
  const source = item.type === "chunk" ? item.code : item.source;
  return gzipSync(typeof source === "string" ? Buffer.from(source) : source).length;
}

/** Sum of gzipped bytes of `entry` and every chunk and stylesheet it loads statically. */
function initialBytes(output: Output, entryFiles: readonly string[]): number {
  const byName = new Map(output.output.map((item) => [item.fileName, item]));
  const seen = new Set<string>();
  const pending = [...entryFiles];
  let total = 0;
  for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
    const item = byName.get(name);
    if (item === undefined || seen.has(name)) continue;
    seen.add(name);
    total += gzipBytes(item);
    if (item.type === "chunk") pending.push(...item.imports, ...(item.viteMetadata?.importedCss ?? []));
  }
  return total;
}

/** Scripts and stylesheets the built index.html loads up front. */
function filesLinkedFrom(html: string): string[] {
  const links = html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="\/?([^"]+\.(?:js|css))"/g);
  return [...links].map((match) => match[1] ?? "");
}

/**
 * Builds the real page with the repository's own vite.config.ts (nothing written to disk) and sums the
 * gzipped JavaScript and CSS it loads before first paint. Throws with Vite's message when it does not build.
 */
export async function appInitialBytes(): Promise<number> {
  const output = outputOf(
    await build({
      root: REPO_ROOT,
      logLevel: "silent",
      build: { write: false, reportCompressedSize: false },
    }),
  );
  const html = output.output.find((item) => item.fileName === "index.html");
  if (html === undefined || html.type !== "asset") throw new Error("the app build has no index.html");
  return initialBytes(output, filesLinkedFrom(String(html.source)));
}

/** Minimal entries: one system mounted by its bench adapter (library + glue), and React alone for scale. */
const SIZE_ENTRIES: Record<string, string> = {
  "fanvas engine": `import { createFanvas } from "${ADAPTERS_DIR}/fanvas.ts"; globalThis.system = createFanvas;`,
  signature_pad: `import { createSignaturePad } from "${ADAPTERS_DIR}/signature-pad.ts"; globalThis.system = createSignaturePad;`,
  "react-sketch-canvas": `import { createReactSketchCanvas } from "${ADAPTERS_DIR}/react-sketch-canvas.tsx"; globalThis.system = createReactSketchCanvas;`,
  floor: `import { createFloor } from "${ADAPTERS_DIR}/floor.ts"; globalThis.system = createFloor;`,
  "React 19 alone": `import { createElement } from "react"; import { createRoot } from "react-dom/client"; createRoot(document.body).render(createElement("p"));`,
};

const VIRTUAL_PREFIX = "\0bench-size:";

/** Gzipped bytes of each minimal entry (shared chunks counted for every entry that loads them). */
export async function minimalPageBytes(): Promise<Map<string, number>> {
  const names = Object.keys(SIZE_ENTRIES);
  const output = outputOf(
    await build({
      configFile: false,
      root: PAGE_DIR,
      logLevel: "silent",
      plugins: [
        react(),
        {
          name: "bench-size-entries",
          resolveId: (id) => (id.startsWith("bench-size:") ? `\0${id}` : null),
          load: (id) =>
            id.startsWith(VIRTUAL_PREFIX) ? SIZE_ENTRIES[id.slice(VIRTUAL_PREFIX.length)] : null,
        },
      ],
      build: {
        write: false,
        reportCompressedSize: false,
        rolldownOptions: {
          input: Object.fromEntries(names.map((name, index) => [`e${index}`, `bench-size:${name}`])),
        },
      },
    }),
  );
  const sizes = new Map<string, number>();
  for (const [index, name] of names.entries()) {
    const entry = output.output.find(
      (item) => item.type === "chunk" && item.isEntry && item.name === `e${index}`,
    );
    if (entry !== undefined) sizes.set(name, initialBytes(output, [entry.fileName]));
  }
  return sizes;
}
