import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_EDGE } from "../../src/server/config.ts";
import { startTestApp, type TestApp } from "../api/helpers/app.ts";
import { saveNewDrawing } from "../api/helpers/moderation.ts";

// A client that controls X-Forwarded-Host would write its host into the permalink page's og:url, og:image and
// canonical when PUBLIC_BASE_URL is unset, and a /d/ page publicly cacheable without Vary would keep it for
// everyone. The shipped nginx config sets the header itself (tests/security/behind-nginx.test.ts); the page
// varies on it when it is built from request headers; production sets PUBLIC_BASE_URL (README).

const FORGED = { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" };

describe("permalink pages and forwarded headers", () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });
  const start = async (publicBaseUrl?: string) => {
    const t = await startTestApp("sqlite", {
      // The Host guard is off: these are about what a page is built from once a request got through it.
      edge: { ...DEFAULT_EDGE, trustProxyHops: 1, saveRateLimit: 0, allowedHosts: undefined },
      ...(publicBaseUrl === undefined ? {} : { publicBaseUrl }),
    });
    apps.push(t);
    return t;
  };
  let bare: TestApp;
  let based: TestApp;
  beforeAll(async () => {
    bare = await start();
    based = await start("https://draw.fans.example");
  });

  it("with PUBLIC_BASE_URL, name only that address, whatever the request's forwarded headers say", async () => {
    const { id } = await saveNewDrawing(based.app);
    const page = await based.app.inject({ method: "GET", url: `/d/${id}`, headers: FORGED });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`https://draw.fans.example/d/${id}`);
    expect(page.body).not.toContain("evil.example");
    expect(String(page.headers.vary ?? "")).not.toMatch(/x-forwarded/i);
  });

  it("without it, say in Vary that they were built from the forwarded host and protocol", async () => {
    const { id } = await saveNewDrawing(bare.app);
    const page = await bare.app.inject({
      method: "GET",
      url: `/d/${id}`,
      headers: { host: "draw.example.com" },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers["cache-control"]).toBe("public, max-age=0, s-maxage=60");
    const vary = String(page.headers.vary).toLowerCase().split(/,\s*/);
    expect(vary).toEqual(expect.arrayContaining(["x-forwarded-host", "x-forwarded-proto"]));
  });
});
