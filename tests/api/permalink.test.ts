import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SavedDrawing } from "../../src/common/api.ts";
import { type BrandingConfig, CONFIG_ELEMENT_ID, DEFAULT_BRANDING } from "../../src/common/config.ts";
import { buildApp } from "../../src/server/app.ts";
import { type Dialect, openTestStore, testDialects } from "./helpers/dialects.ts";
import { drawingPng } from "./helpers/png.ts";

/** A community title that tries to break out of attributes, elements and the document. */
const HOSTILE_TITLE = `Fred's "<script>alert(1)</script>" & <b>pals</b>`;
const branding: BrandingConfig = {
  ...DEFAULT_BRANDING,
  title: HOSTILE_TITLE,
  shareText: "Fred by me: {url} — draw yours!",
  hashtags: "$FRED #DrawFred",
};
const PUBLIC_BASE_URL = "https://fanvas.example/wall";
/** The display face as `vite build` names it (fontsource's name and a hash). */
const BUILT_FONT = "fredoka-latin-600-normal-Ab12Cd34.woff2";
/** The share script as `vite build --mode permalink` names it. */
const BUILT_SHARE_SCRIPT = "permalink-page-Ef56Gh78.js";

/** The content of `<meta property|name="key" content="...">`, unescaped as a browser would read it. */
function meta(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" ?/>`).exec(html);
  return match?.[1]
    ?.replace(/&#(39|x27);/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** The app over a fresh database, with PUBLIC_BASE_URL set or not, and a built page that has the placeholder. */
async function startApp(dialect: Dialect, publicBaseUrl: string | undefined) {
  const opened = await openTestStore(dialect);
  const clientDir = mkdtempSync(join(tmpdir(), "fanvas-permalink-client-"));
  writeFileSync(
    join(clientDir, "index.html"),
    "<html><head><title>x</title><!--fanvas-config--></head></html>",
  );
  mkdirSync(join(clientDir, "assets"));
  writeFileSync(join(clientDir, "assets", BUILT_FONT), "wOF2 stand-in");
  writeFileSync(join(clientDir, "assets", BUILT_SHARE_SCRIPT), "// stand-in");
  const app = await buildApp({ branding, store: opened.store, clientDir, logger: false, publicBaseUrl });
  return {
    app,
    store: opened.store,
    close: async () => {
      await app.close();
      await opened.close();
      rmSync(clientDir, { recursive: true, force: true });
    },
  };
}

async function save(app: FastifyInstance, seed: number): Promise<SavedDrawing> {
  const response = await app.inject({
    method: "POST",
    url: "/api/drawings",
    headers: { "content-type": "image/png" },
    payload: await drawingPng(600, 600, seed),
  });
  expect(response.statusCode).toBe(201);
  return response.json<SavedDrawing>();
}

for (const dialect of testDialects()) {
  describe(`permalink page /d/<id> on ${dialect}, PUBLIC_BASE_URL set`, () => {
    let t: Awaited<ReturnType<typeof startApp>>;
    let drawing: SavedDrawing;
    beforeAll(async () => {
      t = await startApp(dialect, PUBLIC_BASE_URL);
      drawing = await save(t.app, 1);
    });
    afterAll(async () => t.close());

    it("renders the drawing, the community title and a Draw your own link, with a short cache", async () => {
      const response = await t.app.inject({ method: "GET", url: `/d/${drawing.id}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(response.headers["cache-control"]).toBe("public, max-age=0, s-maxage=60");
      const html = response.body;
      expect(html).toContain(`src="/api/drawings/${drawing.id}.png" width="600" height="600"`);
      expect(html).toContain('<a class="permalink__cta" href="/">Draw your own</a>');
      // No inline code (the CSP forbids it): the scripts are the reactions' file and the built share script.
      expect(html).toContain(`<script type="module" src="/assets/${BUILT_SHARE_SCRIPT}"></script>`);
      expect(html).not.toMatch(
        /<script(?! type="module" src="(\/d\/permalink\.js|\/assets\/permalink-page-[\w-]+\.js)")|style="/,
      );
      const script = await t.app.inject({ method: "GET", url: "/d/permalink.js" });
      expect(script.statusCode).toBe(200);
      expect(script.headers["content-type"]).toBe("text/javascript; charset=utf-8");
      const stylesheet = await t.app.inject({ method: "GET", url: "/d/permalink.css" });
      expect(stylesheet.statusCode).toBe(200);
      expect(stylesheet.headers["content-type"]).toBe("text/css; charset=utf-8");
      // The title's face is the drawing page's, taken from the build, and served from it.
      expect(stylesheet.body).toContain(`src:url("/assets/${BUILT_FONT}") format("woff2")`);
      expect(stylesheet.body).toContain("--font-display: Fredoka,");
      expect(stylesheet.body).toMatch(/\.permalink__title \{[^}]*font-family: var\(--font-display\)/);
      const font = await t.app.inject({ method: "GET", url: `/assets/${BUILT_FONT}` });
      expect(font.statusCode).toBe(200);
    });

    it("carries Open Graph and Twitter card meta with absolute URLs on PUBLIC_BASE_URL, the card image whole at 1200 x 630", async () => {
      const html = (await t.app.inject({ method: "GET", url: `/d/${drawing.id}` })).body;
      const cardUrl = `${PUBLIC_BASE_URL}/api/drawings/${drawing.id}/card.png`;
      expect(meta(html, "og:image")).toBe(cardUrl);
      expect(meta(html, "twitter:image")).toBe(cardUrl);
      expect(meta(html, "og:url")).toBe(`${PUBLIC_BASE_URL}/d/${drawing.id}`);
      expect(meta(html, "og:description")).toContain(HOSTILE_TITLE);
      expect(meta(html, "og:type")).toBe("article");
      expect(meta(html, "og:image:type")).toBe("image/png");
      expect(meta(html, "og:image:width")).toBe("1200");
      expect(meta(html, "og:image:height")).toBe("630");
      expect(meta(html, "twitter:card")).toBe("summary_large_image");
      // The card behind that address is what the tags say it is.
      const card = await t.app.inject({ method: "GET", url: `/api/drawings/${drawing.id}/card.png` });
      expect(card.statusCode).toBe(200);
      const { width, height } = await sharp(card.rawPayload).metadata();
      expect([width, height]).toEqual([1200, 630]);
    });

    it("names the drawing, not only the community, in the card's title and the page's", async () => {
      const html = (await t.app.inject({ method: "GET", url: `/d/${drawing.id}` })).body;
      const day = new Intl.DateTimeFormat("en-GB", {
        day: "numeric",
        month: "short",
        timeZone: "UTC",
      }).format(new Date(drawing.createdAt));
      const name = `A drawing on ${HOSTILE_TITLE}, ${day}`;
      expect(meta(html, "og:title")).toBe(name);
      expect(meta(html, "twitter:title")).toBe(name);
      expect(meta(html, "og:site_name")).toBe(HOSTILE_TITLE);
      expect(html).toContain(renderToStaticMarkup(createElement("title", null, name)));
    });

    it("offers the save sheet's actions: Share on X with the branding's text, link and tags, Download named as the page names it", async () => {
      const html = (await t.app.inject({ method: "GET", url: `/d/${drawing.id}` })).body;
      const permalink = `${PUBLIC_BASE_URL}/d/${drawing.id}`;
      const intent = /<a class="permalink__action[^"]*" data-action="x" href="([^"]+)"/.exec(html)?.[1] ?? "";
      const post = new URL(intent.replace(/&amp;/g, "&")).searchParams.get("text");
      expect(post).toBe(`Fred by me: ${permalink} — draw yours! $FRED #DrawFred`);
      const fileName = `${DEFAULT_BRANDING.downloadPrefix}-${Date.parse(drawing.createdAt)}.png`;
      expect(html).toContain(`href="/api/drawings/${drawing.id}.png" download="${fileName}"`);
      for (const action of ["copy-link", "copy-image", "share-image", "report"]) {
        expect(html, action).toMatch(
          new RegExp(`<button type="button" class="permalink__action" data-action="${action}" hidden(="")?>`),
        );
      }
    });

    it("escapes a hostile community title everywhere", async () => {
      const html = (await t.app.inject({ method: "GET", url: `/d/${drawing.id}` })).body;
      expect(html).not.toContain("<script>alert(1)</script>");
      expect(html).not.toContain("<b>pals</b>");
      expect(html).toContain(
        "Fred&#x27;s &quot;&lt;script&gt;alert(1)&lt;/script&gt;&quot; &amp; &lt;b&gt;pals&lt;/b&gt;",
      );
    });

    it("answers 404 HTML for an unknown id, a malformed id and a drawing that is not visible", async () => {
      const hidden = await save(t.app, 2);
      const pending = await save(t.app, 3);
      await t.store.db
        .updateTable("drawings")
        .set({ status: "hidden" })
        .where("id", "=", hidden.id)
        .execute();
      await t.store.db
        .updateTable("drawings")
        .set({ status: "pending" })
        .where("id", "=", pending.id)
        .execute();
      for (const id of ["AAAAAAAAAAAA", "nope", "%3Cscript%3E", hidden.id, pending.id]) {
        const response = await t.app.inject({ method: "GET", url: `/d/${id}` });
        expect(response.statusCode, id).toBe(404);
        expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
        expect(response.body).toContain("Drawing not found");
        expect(response.body).not.toContain("og:image");
        expect(response.body).not.toContain("<script>");
      }
    });

    it("hands PUBLIC_BASE_URL to the page in its config block", async () => {
      const html = (await t.app.inject({ method: "GET", url: "/" })).body;
      const block = new RegExp(
        `<script id="${CONFIG_ELEMENT_ID}" type="application/json">(.*?)</script>`,
      ).exec(html);
      expect(JSON.parse(block?.[1] ?? "{}")).toMatchObject({
        publicBaseUrl: PUBLIC_BASE_URL,
        title: HOSTILE_TITLE,
      });
    });
  });

  describe(`permalink page /d/<id> on ${dialect}, PUBLIC_BASE_URL unset`, () => {
    let t: Awaited<ReturnType<typeof startApp>>;
    beforeAll(async () => {
      t = await startApp(dialect, undefined);
    });
    afterAll(async () => t.close());

    it("builds the absolute image URL from the request's protocol and host", async () => {
      const drawing = await save(t.app, 4);
      const response = await t.app.inject({
        method: "GET",
        url: `/d/${drawing.id}`,
        headers: { host: "draw.example:8443" },
      });
      expect(response.statusCode).toBe(200);
      expect(meta(response.body, "og:image")).toBe(
        `http://draw.example:8443/api/drawings/${drawing.id}/card.png`,
      );
      expect(meta(response.body, "og:url")).toBe(`http://draw.example:8443/d/${drawing.id}`);
    });

    it("leaves publicBaseUrl out of the page's config block", async () => {
      const html = (await t.app.inject({ method: "GET", url: "/" })).body;
      expect(html).not.toContain("publicBaseUrl");
    });
  });
}
