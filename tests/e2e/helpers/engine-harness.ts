/** The engine harness (tests/e2e/harness): Fanvas's engine alone, served from the sources by Vite's dev server. */
import path from "node:path";
import type { Page } from "@playwright/test";
import { createServer, type ViteDevServer } from "vite";
import type { DrawingDocument } from "../../../src/common/drawing-document/types.ts";
import { test } from "../fixtures.ts";
import type { EngineHarness } from "../harness/engine-harness.ts";
import type { Pixels } from "./pixels.ts";
import { dataUrlBytes, decodePng } from "./png.ts";

const REPO_ROOT = path.resolve(import.meta.dirname, "../../..");

/** Starts Vite's dev server over the repository (the harness page and the public folder's mascot). */
export async function startHarnessServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const server: ViteDevServer = await createServer({
    root: REPO_ROOT,
    configFile: false,
    logLevel: "silent",
    server: { host: "127.0.0.1", port: 0, strictPort: false, hmr: false },
  });
  await server.listen();
  const address = server.httpServer?.address();
  if (address === null || address === undefined || typeof address === "string")
    throw new Error("the harness server has no port");
  return {
    url: `http://127.0.0.1:${address.port}/tests/e2e/harness/index.html`,
    close: () => server.close(),
  };
}

/** The harness server of the spec file: started before its tests and closed after them; read `url` in tests. */
export function harnessForFile(): { readonly url: string } {
  let server: Awaited<ReturnType<typeof startHarnessServer>> | undefined;
  test.beforeAll(async () => {
    server = await startHarnessServer();
  });
  test.afterAll(async () => {
    await server?.close();
  });
  return {
    get url() {
      if (server === undefined) throw new Error("the harness server starts in beforeAll, before the tests");
      return server.url;
    },
  };
}

/** Opens the harness page and waits for its engine. */
export async function openHarness(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(() => window.engineHarness !== undefined, null, { timeout: 30_000 });
}

/** Runs one of the harness's paintings of `drawing` and returns its pixels. */
export async function paintInHarness(
  page: Page,
  how: keyof EngineHarness,
  drawing: DrawingDocument,
  split = 0,
): Promise<Pixels> {
  const dataUrl = await page.evaluate(
    ([method, document, at]) =>
      method === "restoreFrom"
        ? window.engineHarness.restoreFrom(document, at)
        : window.engineHarness[method](document),
    [how, drawing, split] as const,
  );
  return decodePng(dataUrlBytes(dataUrl));
}
