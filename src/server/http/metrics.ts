import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ObservabilitySettings } from "../config.ts";
import type { Store } from "../db/open.ts";
import { saveRouteOf } from "../drawings/save.ts";
import { countPendingWork, JOB_COLUMNS } from "../jobs/pending-work.ts";
import { HttpError, notFound } from "./errors.ts";
import { Registry } from "./metrics-registry.ts";
import { timeSaves } from "./save-timing.ts";

/** Options of the metrics plugin. */
export interface MetricsOptions {
  readonly store: Store;
  readonly settings: ObservabilitySettings;
}

/** Latency buckets in seconds: a save takes tens of milliseconds, a slow upload seconds. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const EXPOSITION_TYPE = "text/plain; version=0.0.4; charset=utf-8";

/**
 * Counts every answer (latency per route) and every save (accepted, or rejected by its ApiError code)
 * and serves GET /metrics in Prometheus' text format, closed unless the operator opened it.
 */
export async function metrics(app: FastifyInstance, options: MetricsOptions): Promise<void> {
  const registry = new Registry();
  const saves = registry.counter("fanvas_saves_total", "Save requests, by route, result and reason.");
  const latency = registry.histogram(
    "fanvas_http_request_duration_seconds",
    "Time from request to answer, by route, method and status class.",
    LATENCY_BUCKETS,
  );
  // Requests not yet answered, by route; on /api/events that is the open live-wall streams.
  const inFlight = new Map<string, number>();
  registry.gauge(
    "fanvas_http_requests_in_flight",
    "Requests not yet answered, by route (on /api/events: open event streams).",
    async () => [...inFlight].map(([route, count]) => [{ route }, count] as const),
  );
  registerGauges(registry, options);
  registry.gauge(
    "fanvas_upload_bytes_in_flight",
    "Request body bytes reserved by requests still arriving or being answered (the upload budget).",
    async () => [[{}, app.hasDecorator("uploadsInFlight") ? app.uploadsInFlight().bytes : 0]],
  );
  timeSaves(app, registry, options.store);

  app.addHook("onRequest", async (request, reply) => {
    const route = request.routeOptions.url ?? "(no route)";
    inFlight.set(route, (inFlight.get(route) ?? 0) + 1);
    // "close" comes once per response, answered or cut by the client (a stream's usual end).
    reply.raw.once("close", () => inFlight.set(route, (inFlight.get(route) ?? 1) - 1));
  });
  app.addHook("onSend", async (request, reply, payload) => {
    const route = saveRouteOf(request);
    if (route === undefined) return payload;
    const status = reply.statusCode;
    // A refusal is counted by its own code, as the route family's error handler recorded it.
    if (status < 400)
      saves.inc({ route, result: "accepted", reason: status === 200 ? "replayed" : "stored" });
    else saves.inc({ route, result: "rejected", reason: request.refusal?.code ?? `http_${status}` });
    return payload;
  });
  app.addHook("onResponse", async (request, reply) => {
    latency.observe(
      {
        route: request.routeOptions.url ?? "(no route)",
        method: request.method,
        status: `${Math.floor(reply.statusCode / 100)}xx`,
      },
      reply.elapsedTime / 1000,
    );
  });

  app.get("/metrics", async (request, reply) => {
    checkScrape(request, options.settings);
    return reply
      .header("cache-control", "no-store")
      .type(EXPOSITION_TYPE)
      .send(await registry.render());
  });
}

function registerGauges(registry: Registry, options: MetricsOptions): void {
  const { store } = options;
  registry.gauge("fanvas_background_queue_depth", "Background jobs pending in the store, by job.", async () =>
    Promise.all(
      Object.entries(JOB_COLUMNS).map(
        async ([job, column]) => [{ job }, await countPendingWork(store.db, column)] as const,
      ),
    ),
  );
  registry.gauge(
    "fanvas_db_pool_connections",
    "Database connections by state (SQLite: one shared connection).",
    async () => {
      const state = store.connections();
      const dialect = store.dialect;
      return [
        [{ dialect, state: "total" }, state.total],
        [{ dialect, state: "idle" }, state.idle],
        [{ dialect, state: "waiting" }, state.waiting],
        [{ dialect, state: "max" }, state.max],
      ] as const;
    },
  );
  registry.gauge("fanvas_process_resident_memory_bytes", "Resident memory of this process.", async () => [
    [{}, process.memoryUsage.rss()],
  ]);
}

/** Throws the refusal when this scrape may not read the metrics. */
function checkScrape(request: FastifyRequest, settings: ObservabilitySettings): void {
  if (settings.metricsToken === undefined && !settings.metricsAllowLocal) {
    // Not configured: nothing here, as for any unknown path.
    throw notFound(
      "Nothing is at GET /metrics; the operator opens it with METRICS_TOKEN or METRICS_ALLOW_LOCAL.",
    );
  }
  if (settings.metricsAllowLocal && isDirectLoopback(request)) return;
  const token = settings.metricsToken;
  if (token !== undefined && bearerMatches(request.headers.authorization, token)) return;
  throw new HttpError(
    401,
    "unauthorized",
    "GET /metrics needs Authorization: Bearer <METRICS_TOKEN> (or a direct loopback scrape with METRICS_ALLOW_LOCAL=true).",
    { headers: { "www-authenticate": 'Bearer realm="metrics"' } },
  );
}

/** A loopback socket with no proxy header: a proxy on the same host forwards the public's requests. */
function isDirectLoopback(request: FastifyRequest): boolean {
  const address = request.socket.remoteAddress ?? "";
  const loopback = address === "::1" || address.startsWith("127.") || address.startsWith("::ffff:127.");
  return (
    loopback && request.headers["x-forwarded-for"] === undefined && request.headers.forwarded === undefined
  );
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (\S+)$/i.exec(header ?? "")?.[1] ?? "");
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
