import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SavedDrawing } from "../../src/common/api.ts";
import { DEFAULT_BRANDING } from "../../src/common/config.ts";
import { type EdgeApp, startEdgeApp } from "./helpers/edge-app.ts";
import { drawingPng } from "./helpers/png.ts";

const png = { "content-type": "image/png" };

/** Headers every answer must carry, whatever it is. */
function expectSecurityHeaders(headers: Record<string, unknown>): void {
  const csp = String(headers["content-security-policy"]);
  for (const directive of [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ]) {
    expect(csp).toContain(directive);
  }
  expect(csp).not.toContain("unsafe-inline");
  expect(csp).not.toContain("unsafe-eval");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["cross-origin-opener-policy"]).toBe("same-origin");
}

describe("security headers", () => {
  let t: EdgeApp;
  let drawingUrl: string;
  beforeAll(async () => {
    t = await startEdgeApp({});
    const saved = await t.app.inject({
      method: "POST",
      url: "/api/drawings",
      headers: png,
      payload: await drawingPng(),
    });
    drawingUrl = saved.json<SavedDrawing>().url;
  });
  afterAll(async () => {
    await t.close();
  });

  const answers: readonly [
    string,
    () => { method: "GET" | "POST"; url: string; headers?: Record<string, string>; payload?: string },
    number,
  ][] = [
    ["the page", () => ({ method: "GET", url: "/" }), 200],
    ["a built asset", () => ({ method: "GET", url: "/assets/index-Ab12Cd34.js" }), 200],
    ["a public file", () => ({ method: "GET", url: "/mascot.png" }), 200],
    ["a stored drawing", () => ({ method: "GET", url: drawingUrl }), 200],
    ["a 404", () => ({ method: "GET", url: "/no/such/page" }), 404],
    ["a 404 for an address that is not a URL", () => ({ method: "GET", url: "/api/drawings/%ZZ" }), 404],
    [
      "a 400 upload",
      () => ({ method: "POST", url: "/api/drawings", headers: png, payload: "not a png" }),
      400,
    ],
    [
      "a 415 upload",
      () => ({
        method: "POST",
        url: "/api/drawings",
        headers: { "content-type": "text/plain" },
        payload: "x",
      }),
      415,
    ],
    ["healthz", () => ({ method: "GET", url: "/healthz" }), 200],
  ];
  for (const [name, request, status] of answers) {
    it(`are on ${name} (${status})`, async () => {
      const response = await t.app.inject(request());
      expect(response.statusCode).toBe(status);
      expectSecurityHeaders(response.headers);
    });
  }

  it("allow images only from this origin, data:, blob: and the configured remote mascot and favicon", async () => {
    const branded = await startEdgeApp(
      {},
      {
        ...DEFAULT_BRANDING,
        mascotImage: "https://pbs.example.com/media/fred.png",
        faviconImage: "https://cdn.example.org/i.png",
      },
    );
    try {
      const response = await branded.app.inject({ method: "GET", url: "/" });
      const imgSrc = String(response.headers["content-security-policy"])
        .split("; ")
        .find((directive) => directive.startsWith("img-src"));
      expect(imgSrc).toBe("img-src 'self' data: blob: https://pbs.example.com https://cdn.example.org");
    } finally {
      await branded.close();
    }
  });
});

describe("CORS", () => {
  it("is closed by default: no Access-Control-Allow-Origin, and no preflight", async () => {
    const t = await startEdgeApp({});
    try {
      const get = await t.app.inject({
        method: "GET",
        url: "/healthz",
        headers: { origin: "https://evil.example" },
      });
      expect(get.headers["access-control-allow-origin"]).toBeUndefined();
      const preflight = await t.app.inject({
        method: "OPTIONS",
        url: "/api/drawings",
        headers: { origin: "https://evil.example", "access-control-request-method": "POST" },
      });
      expect(preflight.statusCode).toBe(404);
      expect(preflight.headers["access-control-allow-origin"]).toBeUndefined();
      expect(preflight.headers["access-control-allow-methods"]).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  describe("with CORS_ORIGINS", () => {
    let t: EdgeApp;
    beforeAll(async () => {
      t = await startEdgeApp({ CORS_ORIGINS: "https://fans.example, http://localhost:5173" });
    });
    afterAll(async () => {
      await t.close();
    });

    it("answers a configured origin's preflight for a PNG upload with an Idempotency-Key", async () => {
      const response = await t.app.inject({
        method: "OPTIONS",
        url: "/api/drawings",
        headers: {
          origin: "https://fans.example",
          "access-control-request-method": "POST",
          "access-control-request-headers": "content-type, idempotency-key",
        },
      });
      expect(response.statusCode).toBe(204);
      expect(response.headers["access-control-allow-origin"]).toBe("https://fans.example");
      expect(String(response.headers["access-control-allow-methods"])).toContain("POST");
      expect(String(response.headers["access-control-allow-headers"]).toLowerCase()).toBe(
        "content-type, idempotency-key",
      );
      expectSecurityHeaders(response.headers);
    });

    it("lets a configured origin read a save's answer", async () => {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/drawings",
        headers: { ...png, origin: "http://localhost:5173" },
        payload: await drawingPng(),
      });
      expect(response.statusCode).toBe(201);
      expect(response.headers["access-control-allow-origin"]).toBe("http://localhost:5173");
      expect(String(response.headers.vary)).toContain("Origin");
    });

    it("tells any other origin nothing, in the preflight and in the answer", async () => {
      const headers = { origin: "https://fans.example.evil.com", "access-control-request-method": "POST" };
      const preflight = await t.app.inject({ method: "OPTIONS", url: "/api/drawings", headers });
      expect(preflight.headers["access-control-allow-origin"]).toBeUndefined();
      expect(preflight.headers["access-control-allow-methods"]).toBeUndefined();
      const get = await t.app.inject({ method: "GET", url: "/healthz", headers });
      expect(get.headers["access-control-allow-origin"]).toBeUndefined();
    });
  });
});

describe("request timeouts", () => {
  it("apply REQUEST_TIMEOUT_SECONDS to the whole request and to a silent connection", async () => {
    const t = await startEdgeApp({ REQUEST_TIMEOUT_SECONDS: "7" });
    try {
      expect(t.app.server.requestTimeout).toBe(7000);
      expect(t.app.server.headersTimeout).toBe(7000);
      expect(t.app.server.timeout).toBe(7000);
    } finally {
      await t.close();
    }
  });

  // The 90 s cap is a bound, not a timing claim: on a loaded 2-core machine the timeout check can lag.
  it("cut a slowloris upload that stops sending halfway through its body", async () => {
    const t = await startEdgeApp({ REQUEST_TIMEOUT_SECONDS: "1" });
    try {
      await t.app.listen({ port: 0, host: "127.0.0.1" });
      const address = t.app.server.address();
      if (address === null || typeof address === "string") throw new Error("no port");
      const socket = connect(address.port, "127.0.0.1");
      socket.on("error", () => {});
      // Read what the server answers (its 408): a paused socket never reads the server's FIN, so it would never
      // close when the server had already read the whole 1000 bytes (a clean FIN, not a reset), as under load.
      socket.resume();
      socket.write(
        "POST /api/drawings HTTP/1.1\r\nHost: x\r\nContent-Type: image/png\r\nContent-Length: 100000\r\n\r\n",
      );
      socket.write(Buffer.alloc(1000));
      // The server closes the connection by itself; the test's own timeout fails it if it never does.
      await new Promise<void>((resolve) => socket.on("close", () => resolve()));
      expect(socket.destroyed).toBe(true);
    } finally {
      await t.close();
    }
  }, 90_000);
});
