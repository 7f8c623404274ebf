import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_EDGE, LOOPBACK_HOSTS } from "../../src/server/config.ts";
import { startTestApp, type TestApp } from "../api/helpers/app.ts";
import { adminPost, moderation, saveNewDrawing } from "../api/helpers/moderation.ts";
import { canRunNginx, type ShippedNginx, startShippedNginx } from "./helpers/shipped-nginx.ts";

// Caching, forwarded hosts, HSTS and body sizes through the shipped deploy/nginx.conf, run for real in front of
// the app (with TRUST_PROXY=1 as docs/deploy.md says, and PUBLIC_BASE_URL unset): what a visitor behind it gets.

const HSTS = "max-age=31536000";

describe.runIf(canRunNginx())("behind the shipped nginx config", () => {
  let t: TestApp;
  let nginx: ShippedNginx;
  beforeAll(async () => {
    t = await startTestApp("sqlite", {
      // ALLOWED_HOSTS=draw.example.com, as an operator sets it without PUBLIC_BASE_URL.
      edge: {
        ...DEFAULT_EDGE,
        trustProxyHops: 1,
        saveRateLimit: 0,
        allowedHosts: [...LOOPBACK_HOSTS, "draw.example.com"],
      },
      moderation: moderation(),
    });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    nginx = await startShippedNginx((t.app.server.address() as AddressInfo).port);
  });
  afterAll(async () => {
    await nginx?.stop();
    await t?.close();
  });

  it("builds link cards from the real host, whatever X-Forwarded-Host a client sends", async () => {
    const { id } = await saveNewDrawing(t.app);
    const page = await nginx.get(`/d/${id}`, { "x-forwarded-host": "evil.example" });
    expect(page.status).toBe(200);
    expect(page.body).toContain(`https://draw.example.com/d/${id}`);
    expect(page.body).not.toContain("evil.example");
  });

  it("sends one HSTS header on Fanvas's answers and on nginx's own", async () => {
    const answers = [
      await nginx.get("/healthz"),
      await nginx.get("/metrics"),
      await nginx.get("/assets/no-such-file.js"),
      await nginx.post("/api/drawings", Buffer.alloc(10 * 2 ** 20), { "content-type": "image/png" }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 404, 404, 413]);
    for (const answer of answers) expect(answer.headers["strict-transport-security"]).toBe(HSTS);
    expect(answers[0]?.headers["permissions-policy"]).toBeDefined();
  });

  it("passes on Fanvas's short caching of drawing images, never a year, and does not keep 404s", async () => {
    const { id } = await saveNewDrawing(t.app);
    for (const kind of ["png", "webp"]) {
      const image = await nginx.get(`/api/drawings/${id}.${kind}`);
      expect(image.status).toBe(200);
      expect(image.headers["cache-control"]).toBe("public, max-age=300");
      expect(image.headers.etag).toBeDefined();
    }
    // A drawing hidden before anyone fetched it is not kept as a 404: restored, it shows at once.
    const other = await saveNewDrawing(t.app);
    await adminPost(t.app, other.id, "hide");
    expect((await nginx.get(`/api/drawings/${other.id}.png`)).status).toBe(404);
    await adminPost(t.app, other.id, "restore");
    expect((await nginx.get(`/api/drawings/${other.id}.png`)).status).toBe(200);
  });
});
