import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_BRANDING } from "../../src/common/config.ts";
import { buildApp } from "../../src/server/app.ts";
import type { StoreConfig } from "../../src/server/config.ts";
import { type ObservabilitySettings, readObservabilitySettings } from "../../src/server/config.ts";
import { SAVE_PHASES } from "../../src/server/drawings/save-timeline.ts";
import { loggerOptions } from "../../src/server/http/request-log.ts";
import { startTestApp } from "./helpers/app.ts";
import { type Dialect, openTestStore, testDialects } from "./helpers/dialects.ts";
import { dataUrlBody, drawingPng } from "./helpers/png.ts";

const TOKEN = "metrics-token-0123456789abcdef";

interface ObservedApp {
  readonly app: FastifyInstance;
  logs(): Record<string, unknown>[];
  readonly rawLogs: () => string;
  close(): Promise<void>;
}

const opened: ObservedApp[] = [];
afterEach(async () => {
  for (const app of opened.splice(0)) await app.close();
});

/** The production app over a fresh store, logging JSON lines into memory as production logs to stderr. */
async function observedApp(
  dialect: Dialect,
  observability: ObservabilitySettings = { metricsToken: TOKEN, metricsAllowLocal: false },
): Promise<ObservedApp> {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  const { app, close } = await startTestApp(dialect, {
    logger: loggerOptions("info", stream),
    observability,
  });
  const rawLogs = () => chunks.join("");
  const result = {
    app,
    logs: () =>
      rawLogs()
        .split("\n")
        .filter((line) => line !== "")
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    rawLogs,
    close,
  };
  opened.push(result);
  return result;
}

describe.each(testDialects())("operator's toolkit (%s)", (dialect) => {
  it("logs one JSON line per answer with request id, route, method, status and duration; never image bytes or keys", async () => {
    const { app, logs, rawLogs } = await observedApp(dialect);
    const body = dataUrlBody(await drawingPng());
    const saved = await app.inject({
      method: "POST",
      url: "/rest/v1/drawings?apikey=secret-in-query",
      headers: {
        "x-request-id": "trace-abc-123",
        apikey: "anon-secret-key",
        authorization: "Bearer jwt-secret-value",
        cookie: "session=cookie-secret",
      },
      payload: body,
    });
    expect(saved.statusCode).toBe(201);
    expect(saved.headers["x-request-id"]).toBe("trace-abc-123");
    const generated = await app.inject({
      method: "GET",
      url: "/healthz",
      headers: { "x-request-id": "bad id\u0001" },
    });
    expect(generated.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);

    // The line is written once the answer has gone out, just after inject() resolves.
    const line = await vi.waitFor(() => {
      const found = logs().find((entry) => entry.msg === "request" && entry.requestId === "trace-abc-123");
      if (found === undefined) throw new Error("no request line yet");
      return found;
    });
    expect(line).toMatchObject({
      method: "POST",
      route: "/rest/v1/drawings",
      url: "/rest/v1/drawings",
      status: 201,
    });
    expect(typeof line?.durationMs).toBe("number");
    const text = rawLogs();
    for (const secret of ["secret-in-query", "anon-secret-key", "jwt-secret-value", "cookie-secret"]) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toContain(body.image_data.slice(30, 80));
  });

  it("GET /metrics: saves accepted and rejected by reason, latency histograms, queue depth and pool state", async () => {
    const { app } = await observedApp(dialect);
    const png = await drawingPng();
    await app.inject({
      method: "POST",
      url: "/api/drawings",
      headers: { "content-type": "image/png" },
      payload: png,
    });
    await app.inject({ method: "POST", url: "/rest/v1/drawings", payload: { image_data: "nope" } });
    await app.inject({
      method: "POST",
      url: "/api/drawings",
      headers: { "content-type": "image/png" },
      payload: await drawingPng(300, 300),
    });
    const scrape = await app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(scrape.statusCode).toBe(200);
    expect(scrape.headers["content-type"]).toMatch(/^text\/plain; version=0.0.4/);
    const text = scrape.body;
    expect(text).toContain('fanvas_saves_total{reason="stored",result="accepted",route="/api/drawings"} 1');
    expect(text).toContain(
      'fanvas_saves_total{reason="bad_data_url",result="rejected",route="/rest/v1/drawings"} 1',
    );
    expect(text).toContain(
      'fanvas_saves_total{reason="wrong_size",result="rejected",route="/api/drawings"} 1',
    );
    expect(text).toMatch(
      /fanvas_http_request_duration_seconds_bucket\{le="\+Inf",method="POST",route="\/api\/drawings",status="2xx"\} 1/,
    );
    expect(text).toMatch(
      /fanvas_http_request_duration_seconds_count\{method="POST",route="\/api\/drawings",status="4xx"\} 1/,
    );
    // The stored save's time, phase by phase; the refused ones make no breakdown.
    for (const phase of SAVE_PHASES) {
      expect(text).toContain(`fanvas_save_phase_seconds_count{phase="${phase}"} 1`);
    }
    // The group commits: SQLite's writer thread reports every commit, PostgreSQL's store the saves' group inserts,
    // whose flush is inside the statement (so no flush part of their own).
    expect(text).toMatch(/fanvas_db_commit_writes_count [1-9]\d*/);
    for (const part of dialect === "sqlite" ? ["wait", "statements", "flush"] : ["wait", "statements"]) {
      expect(text).toMatch(new RegExp(`fanvas_db_write_seconds_count\\{part="${part}"\\} [1-9]\\d*`));
    }
    if (dialect === "postgres") expect(text).not.toContain('fanvas_db_write_seconds_count{part="flush"}');
    expect(text).toMatch(/fanvas_background_queue_depth\{job="reencode"\} \d+/);
    expect(text).toMatch(
      new RegExp(`fanvas_db_pool_connections\\{dialect="${dialect}",state="total"\\} \\d+`),
    );
    // Every sample line is `name{labels} number`, as Prometheus parses it.
    for (const line of text.split("\n").filter((l) => l !== "" && !l.startsWith("#"))) {
      expect(line).toMatch(/^[a-z_]+(\{[^}]*\})? -?[0-9.e+]+$/);
    }
  });

  it("counts open live-wall streams as requests in flight on /api/events, and forgets them when they close", async () => {
    const { app } = await observedApp(dialect);
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as AddressInfo;
    const scrape = async () =>
      (await app.inject({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } }))
        .body;
    const stream = new AbortController();
    const events = await fetch(`http://127.0.0.1:${port}/api/events`, { signal: stream.signal });
    expect(events.status).toBe(200);
    expect(await scrape()).toContain('fanvas_http_requests_in_flight{route="/api/events"} 1');
    stream.abort();
    await vi.waitFor(async () => {
      expect(await scrape()).toContain('fanvas_http_requests_in_flight{route="/api/events"} 0');
    });
  });

  it("GET /readyz is 200 while the database answers and 503 once it is gone", async () => {
    const store = await openTestStore(dialect);
    const app = await buildApp({
      branding: DEFAULT_BRANDING,
      store: store.store,
      clientDir: "/nonexistent/fanvas-client",
      logger: false,
    });
    try {
      const ready = await app.inject({ method: "GET", url: "/readyz" });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: "ready" });
      // PostgreSQL: the database is dropped under the running app; SQLite: the store is closed.
      if (dialect === "postgres") await dropUnderTheApp(store.database.config);
      else await store.store.close();
      const gone = await app.inject({ method: "GET", url: "/readyz" });
      expect(gone.statusCode).toBe(503);
      expect(gone.json()).toMatchObject({ code: "not_ready" });
    } finally {
      await app.close();
      if (dialect === "sqlite") await store.database.drop();
      else await store.close();
    }
  });
});

describe("who may read /metrics", () => {
  it("is 404 unless configured; with a token, 401 without it; METRICS_ALLOW_LOCAL admits direct loopback only", async () => {
    const closed = await observedApp("sqlite", readObservabilitySettings({}));
    expect((await closed.app.inject({ method: "GET", url: "/metrics" })).statusCode).toBe(404);

    const tokened = await observedApp("sqlite", readObservabilitySettings({ METRICS_TOKEN: TOKEN }));
    const missing = await tokened.app.inject({ method: "GET", url: "/metrics" });
    expect(missing.statusCode).toBe(401);
    expect(missing.headers["www-authenticate"]).toMatch(/^Bearer/);
    const wrong = await tokened.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `Bearer ${TOKEN.replace("0", "1")}` },
    });
    expect(wrong.statusCode).toBe(401);

    const local = await observedApp("sqlite", readObservabilitySettings({ METRICS_ALLOW_LOCAL: "true" }));
    // inject() comes from 127.0.0.1, like a scraper on the same host.
    expect((await local.app.inject({ method: "GET", url: "/metrics" })).statusCode).toBe(200);
    const proxied = await local.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { "x-forwarded-for": "203.0.113.9" },
    });
    expect(proxied.statusCode).toBe(401);
  });

  it("refuses a short METRICS_TOKEN and a METRICS_ALLOW_LOCAL that is not true/false, naming the variable", () => {
    expect(() => readObservabilitySettings({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN/);
    expect(() => readObservabilitySettings({ METRICS_ALLOW_LOCAL: "yes" })).toThrow(/METRICS_ALLOW_LOCAL/);
  });
});

/** Drops a test database while the app's pool still holds connections to it, as an outage would. */
async function dropUnderTheApp(config: StoreConfig): Promise<void> {
  if (config.dialect !== "postgres") throw new Error("PostgreSQL only");
  const name = new URL(config.connectionString).pathname.slice(1);
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`drop database ${name} with (force)`);
  } finally {
    await admin.end();
  }
}
