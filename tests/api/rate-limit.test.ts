import Fastify from "fastify";
import fp from "fastify-plugin";
import { describe, expect, it } from "vitest";
import type { ApiError } from "../../src/common/api.ts";
import { ConfigError, readEdgeSettings } from "../../src/server/config.ts";
import { saveRateLimit } from "../../src/server/http/save-rate-limit.ts";
import { openForBlock } from "../helpers/per-block.ts";
import { startEdgeApp } from "./helpers/edge-app.ts";
import { drawingPng } from "./helpers/png.ts";

const png = { "content-type": "image/png" };
const drawing = await drawingPng();

describe("save rate limit (SAVE_RATE_LIMIT=3 per 60 s)", () => {
  const t = openForBlock(() => startEdgeApp({ SAVE_RATE_LIMIT: "3", SAVE_RATE_WINDOW_SECONDS: "60" }));

  const save = (remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: "POST",
      url: "/api/drawings",
      headers: { ...png, ...headers },
      payload: drawing,
      remoteAddress,
    });

  it("answers 429 with Retry-After once a client has used its saves, and other clients still save", async () => {
    for (let i = 0; i < 3; i += 1) expect((await save("10.0.0.1")).statusCode).toBe(201);
    const refused = await save("10.0.0.1");
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers["retry-after"]);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const body = refused.json<ApiError>();
    expect(body).toEqual({ statusCode: 429, code: "rate_limited", message: expect.any(String) });
    expect(body.message).toContain("at most 3 per 60 seconds");
    expect(body.message).toContain(`${retryAfter} seconds`);
    expect(refused.headers["content-security-policy"]).toBeDefined();
    expect((await save("10.0.0.2")).statusCode).toBe(201);
  });

  it("counts refused uploads too, and limits only saves", async () => {
    const bad = () =>
      t.app.inject({
        method: "POST",
        url: "/api/drawings",
        headers: png,
        payload: "junk",
        remoteAddress: "10.0.0.3",
      });
    for (let i = 0; i < 3; i += 1) expect((await bad()).statusCode).toBe(400);
    expect((await bad()).statusCode).toBe(429);
    const health = await t.app.inject({ method: "GET", url: "/healthz", remoteAddress: "10.0.0.3" });
    expect(health.statusCode).toBe(200);
    const image = await t.app.inject({
      method: "GET",
      url: "/api/drawings/AAAAAAAAAAAA.png",
      remoteAddress: "10.0.0.3",
    });
    expect(image.statusCode).toBe(404);
  });

  it("ignores X-Forwarded-For without TRUST_PROXY: a forged header does not buy new saves", async () => {
    for (let i = 0; i < 3; i += 1) {
      expect((await save("10.0.0.4", { "x-forwarded-for": `192.0.2.${i}` })).statusCode).toBe(201);
    }
    expect((await save("10.0.0.4", { "x-forwarded-for": "192.0.2.99" })).statusCode).toBe(429);
  });
});

describe("save rate limit behind a proxy (TRUST_PROXY=1)", () => {
  const t = openForBlock(() => startEdgeApp({ SAVE_RATE_LIMIT: "2", TRUST_PROXY: "true" }));

  const viaProxy = (forwardedFor: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/drawings",
      headers: { ...png, "x-forwarded-for": forwardedFor },
      payload: drawing,
      remoteAddress: "10.9.9.9",
    });

  it("limits each client X-Forwarded-For names, not the proxy's own address", async () => {
    expect((await viaProxy("198.51.100.1")).statusCode).toBe(201);
    expect((await viaProxy("198.51.100.1")).statusCode).toBe(201);
    expect((await viaProxy("198.51.100.1")).statusCode).toBe(429);
    expect((await viaProxy("198.51.100.2")).statusCode).toBe(201);
  });

  it("believes only the address the proxy saw, not what the client wrote before it", async () => {
    // The proxy appends the address it saw; whatever the client sent sits to its left.
    expect((await viaProxy("203.0.113.7, 198.51.100.3")).statusCode).toBe(201);
    expect((await viaProxy("203.0.113.8, 198.51.100.3")).statusCode).toBe(201);
    expect((await viaProxy("203.0.113.9, 198.51.100.3")).statusCode).toBe(429);
  });
});

describe("save rate limit windows", () => {
  /** The plugin alone, on a bare app with a stand-in save route, with a clock the test moves. */
  async function limitedApp(options: { limit: number; windowSeconds: number; maxClients?: number }) {
    let time = 1_000_000;
    const app = Fastify();
    await app.register(fp(saveRateLimit), { ...options, now: () => time });
    app.post("/api/drawings", { config: { save: true } }, async () => ({ saved: true }));
    const save = async (remoteAddress: string) =>
      (await app.inject({ method: "POST", url: "/api/drawings", remoteAddress })).statusCode;
    return { app, save, advance: (ms: number) => (time += ms) };
  }

  it("gives a client its saves back when its window ends, with Retry-After counting down to then", async () => {
    const { app, save, advance } = await limitedApp({ limit: 1, windowSeconds: 60 });
    expect(await save("a")).toBe(200);
    advance(45_500);
    const refused = await app.inject({ method: "POST", url: "/api/drawings", remoteAddress: "a" });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBe("15");
    advance(14_500);
    expect(await save("a")).toBe(200);
    await app.close();
  });

  it("remembers at most maxClients: the oldest window is forgotten first", async () => {
    const { app, save, advance } = await limitedApp({ limit: 1, windowSeconds: 60, maxClients: 2 });
    expect(await save("a")).toBe(200);
    advance(1);
    expect(await save("b")).toBe(200);
    expect(await save("a")).toBe(429);
    advance(1);
    expect(await save("c")).toBe(200); // a, the oldest, is forgotten to make room
    expect(await save("b")).toBe(429);
    expect(await save("a")).toBe(200);
    await app.close();
  });

  it("is off when SAVE_RATE_LIMIT is 0", async () => {
    const { app, save } = await limitedApp({ limit: 0, windowSeconds: 60 });
    for (let i = 0; i < 50; i += 1) expect(await save("a")).toBe(200);
    await app.close();
  });
});

describe("edge settings from the environment", () => {
  it("default to 30 saves per 60 s, 30 s timeouts, no proxy trust, closed CORS and loopback hosts", () => {
    expect(readEdgeSettings({})).toEqual({
      trustProxyHops: 0,
      corsOrigins: [],
      saveRateLimit: 30,
      saveRateWindowSeconds: 60,
      requestTimeoutSeconds: 30,
      allowedHosts: ["localhost", "127.0.0.1", "::1"],
    });
  });

  it("read TRUST_PROXY as true, false or a number of proxies", () => {
    expect(readEdgeSettings({ TRUST_PROXY: "false" }).trustProxyHops).toBe(0);
    expect(readEdgeSettings({ TRUST_PROXY: "TRUE" }).trustProxyHops).toBe(1);
    expect(readEdgeSettings({ TRUST_PROXY: "2" }).trustProxyHops).toBe(2);
  });

  const bad: readonly [Record<string, string>, RegExp][] = [
    [{ TRUST_PROXY: "yes" }, /TRUST_PROXY must be true, false or the number/],
    [
      { CORS_ORIGINS: "https://fans.example/" },
      /CORS_ORIGINS must be comma-separated origins.*"https:\/\/fans.example\/"/,
    ],
    [{ CORS_ORIGINS: "*" }, /CORS_ORIGINS/],
    [{ SAVE_RATE_LIMIT: "-1" }, /SAVE_RATE_LIMIT must be a whole number of at least 0/],
    [{ SAVE_RATE_WINDOW_SECONDS: "0" }, /SAVE_RATE_WINDOW_SECONDS must be a whole number of at least 1/],
    [{ REQUEST_TIMEOUT_SECONDS: "1.5" }, /REQUEST_TIMEOUT_SECONDS/],
  ];
  for (const [env, message] of bad) {
    it(`refuse ${JSON.stringify(env)} with a message naming the variable`, () => {
      expect(() => readEdgeSettings(env)).toThrow(ConfigError);
      expect(() => readEdgeSettings(env)).toThrow(message);
    });
  }
});
