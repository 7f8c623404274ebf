import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_EDGE } from "../../src/server/config.ts";
import { startTestApp, type TestApp } from "../api/helpers/app.ts";

// The server serves only what the page needs, never the build's hidden folders: the server-rendering bundle
// /.ssr/server-render.js (530 KB of the page's components and React) is nobody's to download.
// And / builds og:url from PUBLIC_BASE_URL when set, and otherwise says in Vary what it was built from (Host,
// X-Forwarded-Host), so no cache hands one host's page to another.

const INDEX_HTML = `<!doctype html><html lang="en"><head><title>Fanvas</title><!--fanvas-config-->
<script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>`;
/** A stand-in bundle: the components' own renderers (Vitest compiles them), but its own #root. */
const RENDER_BUNDLE = `export * from ${JSON.stringify(join(import.meta.dirname, "../../src/client/server-render.tsx"))};
export function renderPage() { return "<main>rendered on the server</main>"; }\n`;
const FORGED = { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" };

/** A built page with its server-rendering bundle in .ssr/, as `npm run build` writes it. */
function builtPage(): string {
  const dir = mkdtempSync(join(tmpdir(), "fanvas-served-"));
  mkdirSync(join(dir, "assets"));
  mkdirSync(join(dir, ".ssr"));
  writeFileSync(join(dir, "index.html"), INDEX_HTML);
  writeFileSync(join(dir, "assets", "index-Ab12Cd34.js"), "console.log('page');\n");
  writeFileSync(join(dir, ".ssr", "server-render.js"), RENDER_BUNDLE);
  writeFileSync(join(dir, ".hidden"), "not for visitors\n");
  return dir;
}

/** The og:url the page names. */
const ogUrl = (html: string) => /<meta property="og:url" content="([^"]*)"/.exec(html)?.[1];

describe("files and the page", () => {
  let clientDir: string;
  let bare: TestApp;
  let based: TestApp;
  beforeAll(async () => {
    clientDir = builtPage();
    // Behind one trusted proxy, so X-Forwarded-Host is what the page would be built from.
    const edge = { ...DEFAULT_EDGE, trustProxyHops: 1, allowedHosts: undefined };
    bare = await startTestApp("sqlite", { clientDir, edge });
    based = await startTestApp("sqlite", { clientDir, edge, publicBaseUrl: "https://draw.fans.example" });
  });
  afterAll(async () => {
    await bare.close();
    await based.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it("renders the page with the bundle, and never serves the bundle or any hidden file itself", async () => {
    const page = await bare.app.inject({ method: "GET", url: "/" });
    expect(page.body).toContain("rendered on the server");
    for (const url of ["/.ssr/server-render.js", "/.ssr/", "/.hidden", "/assets/../.ssr/server-render.js"]) {
      const answer = await bare.app.inject({ method: "GET", url });
      expect({ url, status: answer.statusCode }).toEqual({ url, status: 404 });
      expect(answer.body).not.toContain("renderPage");
    }
    expect((await bare.app.inject({ method: "GET", url: "/assets/index-Ab12Cd34.js" })).statusCode).toBe(200);
  });

  it("with PUBLIC_BASE_URL, names only that address in og:url, whatever the forwarded headers say", async () => {
    const page = await based.app.inject({ method: "GET", url: "/", headers: FORGED });
    expect(ogUrl(page.body)).toBe("https://draw.fans.example/");
    expect(page.body).not.toContain("evil.example");
  });

  it("without it, says in Vary that og:url was built from the host and the forwarded headers", async () => {
    const page = await bare.app.inject({ method: "GET", url: "/", headers: { host: "draw.fans.example" } });
    expect(ogUrl(page.body)).toBe("http://draw.fans.example/");
    const vary = String(page.headers.vary).toLowerCase().split(/,\s*/);
    expect(vary).toEqual(expect.arrayContaining(["host", "x-forwarded-host", "x-forwarded-proto"]));
  });
});
