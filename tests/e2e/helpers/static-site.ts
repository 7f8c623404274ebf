import { spawn } from "node:child_process";
import { createReadStream } from "node:fs";
import { mkdtemp, stat } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BrandingConfig } from "../../../src/common/config.ts";

const REPO_ROOT = path.resolve(import.meta.dirname, "../../..");
const VITE = path.join(REPO_ROOT, "node_modules", "vite", "bin", "vite.js");

/** What the static build is given, as an operator would set it in .env.static. */
export interface StaticBuildSettings {
  readonly supabaseUrl: string;
  readonly anonKey: string;
  readonly branding: BrandingConfig;
}

/** A fresh temporary directory for a static build (a static host can serve it before the build fills it). */
export function staticSiteDirectory(): Promise<string> {
  return mkdtemp(path.join(tmpdir(), "fanvas-static-"));
}

/**
 * Runs `vite build --mode static` (what `npm run build:static` runs) into `outDir`, with the settings in the
 * environment, which Vite prefers over any .env.static on the machine.
 */
export async function buildStaticSite(settings: StaticBuildSettings, outDir: string): Promise<void> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    VITE_SUPABASE_URL: settings.supabaseUrl,
    VITE_SUPABASE_ANON_KEY: settings.anonKey,
    VITE_FANVAS_BRANDING: JSON.stringify(settings.branding),
  };
  const args = [VITE, "build", "--mode", "static", "--outDir", outDir, "--emptyOutDir", "--logLevel", "warn"];
  const child = spawn(process.execPath, args, { cwd: REPO_ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", resolve);
  });
  if (code !== 0) throw new Error(`The static build failed (exit ${code}):\n${output.slice(-4000)}`);
}

/** A running static file server: what a static host (GitHub Pages, Netlify, a bucket) does, and no more. */
export interface StaticHost {
  /** Its origin, e.g. "http://127.0.0.1:41235". */
  readonly url: string;
  /** Paths asked for, in order (to prove the page never asks its host for an API). */
  readonly requestedPaths: readonly string[];
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".png": "image/png",
  ".svg": "image/svg+xml",
};

/** Serves a directory's files on a free port of 127.0.0.1; anything else is a plain 404. */
export async function serveStatically(root: string): Promise<StaticHost> {
  const requestedPaths: string[] = [];
  const server = createServer(async (request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? "/", "http://host").pathname);
    requestedPaths.push(pathname);
    const file = path.join(root, pathname.endsWith("/") ? `${pathname}index.html` : pathname);
    const inside = file.startsWith(root + path.sep);
    const found = inside ? await stat(file).catch(() => null) : null;
    if (request.method !== "GET" || !found?.isFile()) {
      response.writeHead(404, { "content-type": "text/plain" }).end("Not found");
      return;
    }
    response.writeHead(200, { "content-type": TYPES[path.extname(file)] ?? "application/octet-stream" });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requestedPaths,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
