import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { type BrandingConfig, DEFAULT_BRANDING } from "../../../src/common/config.ts";
import { buildApp } from "../../../src/server/app.ts";
import { readEdgeSettings } from "../../../src/server/config.ts";
import { openTestStore } from "./dialects.ts";
import { drawingPng } from "./png.ts";

/** The production app on SQLite with edge settings read from this environment, and a small built page. */
export interface EdgeApp {
  readonly app: FastifyInstance;
  close(): Promise<void>;
}

const INDEX_HTML = `<!doctype html><html lang="en"><head><title>Fanvas</title><!--fanvas-config-->
<script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>`;

/** Builds the app as main.ts does from an environment (readEdgeSettings), over a fresh SQLite store. */
export async function startEdgeApp(
  env: NodeJS.ProcessEnv,
  branding: BrandingConfig = DEFAULT_BRANDING,
): Promise<EdgeApp> {
  const clientDir = mkdtempSync(join(tmpdir(), "fanvas-edge-client-"));
  mkdirSync(join(clientDir, "assets"));
  writeFileSync(join(clientDir, "index.html"), INDEX_HTML);
  writeFileSync(join(clientDir, "assets", "index-Ab12Cd34.js"), "console.log('page');\n");
  writeFileSync(join(clientDir, "mascot.png"), await drawingPng());
  const opened = await openTestStore("sqlite");
  const app = await buildApp({
    branding,
    store: opened.store,
    clientDir,
    logger: false,
    edge: readEdgeSettings(env),
  });
  return {
    app,
    close: async () => {
      await app.close();
      await opened.close();
      rmSync(clientDir, { recursive: true, force: true });
    },
  };
}
