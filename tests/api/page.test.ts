import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiError } from "../../src/common/api.ts";
import { type BrandingConfig, CONFIG_ELEMENT_ID, DEFAULT_BRANDING } from "../../src/common/config.ts";
import { buildApp } from "../../src/server/app.ts";
import { startTestApp, type TestApp } from "./helpers/app.ts";
import { openTestStore, testDialects } from "./helpers/dialects.ts";
import { drawingPng } from "./helpers/png.ts";

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <title>Fanvas</title>
    <!--fanvas-config-->
    <script type="module" src="/assets/index-Ab12Cd34.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-Ef56Gh78.css">
  </head>
  <body><div id="root"></div></body>
</html>
`;

/** The built page's stylesheet (what vite writes: minified, one line). */
const PAGE_CSS = ":root{--accent:#1f7a3a;--bg:#eef5ea}.board{display:grid}";

/** Branding whose values try to break out of the script block and the title. */
const hostileBranding: BrandingConfig = {
  ...DEFAULT_BRANDING,
  title: `Fred's <b>"best"</b> & $& page`,
  contractAddress: "</script><script>alert(1)</script>",
};

/** A built page as `vite build` lays it out: index.html, hashed assets/, public files at the root. */
function makeClientDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "fanvas-client-"));
  mkdirSync(join(dir, "assets"));
  writeFileSync(join(dir, "index.html"), INDEX_HTML);
  writeFileSync(join(dir, "assets", "index-Ab12Cd34.js"), "console.log('page');\n");
  writeFileSync(join(dir, "assets", "index-Ef56Gh78.css"), PAGE_CSS);
  return dir;
}

function configBlock(html: string): string | undefined {
  const match = new RegExp(
    `<script id="${CONFIG_ELEMENT_ID}" type="application/json">(.*?)</script>`,
    "s",
  ).exec(html);
  return match?.[1];
}

for (const dialect of testDialects()) {
  describe(`page, health and config routes on ${dialect}`, () => {
    let t: TestApp;
    let clientDir: string;
    beforeAll(async () => {
      clientDir = makeClientDir();
      writeFileSync(join(clientDir, "mascot.png"), await drawingPng());
      t = await startTestApp(dialect, { clientDir, branding: hostileBranding });
    });
    afterAll(async () => {
      await t.close();
      rmSync(clientDir, { recursive: true, force: true });
    });

    it("serves / with the branding injected as JSON that cannot break out, an escaped title and no-cache", async () => {
      for (const url of ["/", "/index.html"]) {
        const response = await t.app.inject({ method: "GET", url });
        expect(response.statusCode).toBe(200);
        expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
        expect(response.headers["cache-control"]).toBe("no-cache");
        const html = response.body;
        expect(html).not.toContain("<!--fanvas-config-->");
        expect(html).not.toContain("</script><script>alert(1)");
        const block = configBlock(html);
        expect(block).toBeDefined();
        expect(block).not.toContain("<");
        expect(JSON.parse(block ?? "")).toEqual(hostileBranding);
        expect(html).toContain(
          "<title>Fred&#x27;s &lt;b&gt;&quot;best&quot;&lt;/b&gt; &amp; $&amp; page</title>",
        );
      }
    });

    it("paints the theme from the HTML itself, the one inline style the CSP allows by its hash", async () => {
      const themed = await startTestApp(dialect, {
        clientDir,
        branding: { ...DEFAULT_BRANDING, theme: { accent: "#7a2e9c", background: "#f6f0fa" } },
      });
      try {
        const response = await themed.app.inject({ method: "GET", url: "/" });
        const rule = "html:root{--accent:#7a2e9c;--bg:#f6f0fa}";
        expect(response.body).toContain(`<style>${rule}</style>`);
        const hash = (text: string) => createHash("sha256").update(text).digest("base64");
        expect(String(response.headers["content-security-policy"])).toContain(
          `style-src 'self' 'sha256-${hash(rule)}' 'sha256-${hash(PAGE_CSS)}';`,
        );
      } finally {
        await themed.close();
      }
    });

    it("carries the built stylesheet inline, so the first paint waits for no other request; the CSP allows it by its hash", async () => {
      const response = await t.app.inject({ method: "GET", url: "/" });
      expect(response.body).toContain(`<style>${PAGE_CSS}</style>`);
      // The link stays, of a type no browser fetches, so a lazily loaded chunk sees the page already has it.
      expect(response.body).toContain(
        '<link rel="stylesheet" href="/assets/index-Ef56Gh78.css" type="text/plain" disabled>',
      );
      expect(response.body).not.toMatch(/<link rel="stylesheet"(?![^>]*disabled)/);
      const hash = createHash("sha256").update(PAGE_CSS).digest("base64");
      expect(String(response.headers["content-security-policy"])).toContain(`'sha256-${hash}'`);
      // The theme's rule outranks the stylesheet's defaults, wherever each sits.
      expect(response.body).toContain("<style>html:root{--accent:");
    });

    it("caches hashed assets for a year and other built files for an hour", async () => {
      const asset = await t.app.inject({ method: "GET", url: "/assets/index-Ab12Cd34.js" });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      const mascot = await t.app.inject({ method: "GET", url: "/mascot.png" });
      expect(mascot.statusCode).toBe(200);
      expect(mascot.headers["content-type"]).toBe("image/png");
      expect(mascot.headers["cache-control"]).toBe("public, max-age=3600");
    });

    it("answers unknown paths with a 404 ApiError", async () => {
      for (const [method, url] of [
        ["GET", "/nope.js"],
        ["GET", "/api/nope"],
        ["GET", "/assets/../../etc/passwd"],
        ["POST", "/healthz"],
        ["DELETE", "/api/drawings"],
      ] as const) {
        const response = await t.app.inject({ method, url });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        const body = response.json<ApiError>();
        expect(body.code).toBe("not_found");
        expect(body.statusCode).toBe(404);
      }
    });

    it("answers a browser asking for an unknown page with the HTML 404 page; API paths and machines keep JSON", async () => {
      const html = { accept: "text/html,application/xhtml+xml,*/*;q=0.8" };
      const page = await t.app.inject({ method: "GET", url: "/some/page", headers: html });
      expect(page.statusCode).toBe(404);
      expect(page.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(page.body).toContain('<h1 class="permalink__title">Page not found</h1>');
      expect(page.body).toContain('<a class="permalink__cta" href="/">');
      expect(page.body).not.toContain("<b>");
      for (const url of ["/api/nope", "/api/drawings/zz/nope", "/rest/v1/nope"]) {
        const api = await t.app.inject({ method: "GET", url, headers: html });
        expect(api.statusCode, url).toBe(404);
        expect(api.json<ApiError>().code, url).toBe("not_found");
      }
      const post = await t.app.inject({ method: "POST", url: "/some/page", headers: html });
      expect(post.json<ApiError>().code).toBe("not_found");
    });

    it("answers GET /healthz with 200 {status: ok}", async () => {
      const response = await t.app.inject({ method: "GET", url: "/healthz" });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: "ok" });
    });

    it("answers GET /api/config with the branding as JSON", async () => {
      const response = await t.app.inject({ method: "GET", url: "/api/config" });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toMatch(/^application\/json/);
      expect(response.headers["cache-control"]).toBe("no-cache");
      expect(response.json()).toEqual(hostileBranding);
    });
  });

  describe(`page without a build on ${dialect}`, () => {
    it("answers GET / with 503 telling to run npm run build, while the API still works", async () => {
      const t = await startTestApp(dialect, { clientDir: join(tmpdir(), "fanvas-no-such-build") });
      try {
        const page = await t.app.inject({ method: "GET", url: "/" });
        expect(page.statusCode).toBe(503);
        expect(page.json()).toEqual({
          statusCode: 503,
          code: "page_not_built",
          message: "The page is not built: run npm run build",
        });
        expect((await t.app.inject({ method: "GET", url: "/mascot.png" })).statusCode).toBe(404);
        expect((await t.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
      } finally {
        await t.close();
      }
    });

    it("refuses to build the app when the built index.html lacks the config placeholder", async () => {
      const clientDir = makeClientDir();
      writeFileSync(join(clientDir, "index.html"), "<!doctype html><title>x</title>");
      const opened = await openTestStore(dialect);
      try {
        await expect(
          buildApp({ branding: DEFAULT_BRANDING, store: opened.store, clientDir, logger: false }),
        ).rejects.toThrow(/<!--fanvas-config-->/);
      } finally {
        await opened.close();
        rmSync(clientDir, { recursive: true, force: true });
      }
    });
  });
}
