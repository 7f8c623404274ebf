import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Counter, Histogram, Registry } from "prom-client";
import type { ObservabilitySettings } from "../config.ts";
import type { Store } from "../db/open.ts";
import { HttpError, notFound } from "./errors.ts";
import { type Labels, processExposition, processMetrics, scrapedGauge, sortedLabels } from "./prometheus.ts";
import { saveRouteOf } from "./save-routes.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** This app's metrics, served at /metrics: a feature adds its own here (drawings/save-timing.ts). */
    readonly metricsRegistry: Registry;
  }
}

/** Options of the metrics plugin. */
export interface MetricsOptions {
  readonly store: Store;
  readonly settings: ObservabilitySettings;
  /** Background jobs still pending in the store, by job name (the jobs know their own columns). */
  readonly pendingWork: () => Promise<ReadonlyArray<readonly [job: string, count: number]>>;
}

/** Latency buckets in seconds: a save takes tens of milliseconds, a slow upload seconds. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Counts every answer (latency per route) and every save (accepted, or rejected by its ApiError code) and serves
 * GET /metrics in Prometheus' text format with the process's default Node metrics, closed unless the operator
 * opened it. Register it app-wide (fastify-plugin): its hooks time every route.
 */
export async function metrics(app: FastifyInstance, options: MetricsOptions): Promise<void> {
  const registry = new Registry();
  app.decorate("metricsRegistry", registry);
  // Sampling (the event loop's lag) starts now, so the first scrape has samples to report.
  processMetrics();
  const saves = new Counter({
    name: "fanvas_saves_total",
    help: "Save requests, by route, result and reason.",
    labelNames: ["reason", "result", "route"],
    registers: [registry],
  });
  const latency = new Histogram({
    name: "fanvas_http_request_duration_seconds",
    help: "Time from request to answer, by route, method and status class.",
    labelNames: ["method", "route", "status"],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  // Requests not yet answered, by route; on /api/events that is the open live-wall streams.
  const inFlight = new Map<string, number>();
  scrapedGauge(
    registry,
    "fanvas_http_requests_in_flight",
    "Requests not yet answered, by route (on /api/events: open event streams).",
    ["route"],
    async () => [...inFlight].map(([route, count]) => [{ route }, count] as const),
  );
  registerGauges(registry, options);
  scrapedGauge(
    registry,
    "fanvas_upload_bytes_in_flight",
    "Request body bytes reserved by requests still arriving or being answered (the upload budget).",
    [],
    async () => [[{}, app.hasDecorator("uploadsInFlight") ? app.uploadsInFlight().bytes : 0]],
  );

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
    const reason =
      status < 400 ? (status === 200 ? "replayed" : "stored") : (request.refusal?.code ?? `http_${status}`);
    saves.inc(sortedLabels({ route, result: status < 400 ? "accepted" : "rejected", reason }));
    return payload;
  });
  app.addHook("onResponse", async (request, reply) => {
    const labels: Labels = {
      method: request.method,
      route: request.routeOptions.url ?? "(no route)",
      status: `${Math.floor(reply.statusCode / 100)}xx`,
    };
    latency.observe(labels, reply.elapsedTime / 1000);
  });

  app.get("/metrics", async (request, reply) => {
    checkScrape(request, options.settings);
    const text = `${await registry.metrics()}\n${await processExposition()}`;
    return reply.header("cache-control", "no-store").type(registry.contentType).send(text);
  });
}

function registerGauges(registry: Registry, options: MetricsOptions): void {
  const { store } = options;
  scrapedGauge(
    registry,
    "fanvas_background_queue_depth",
    "Background jobs pending in the store, by job.",
    ["job"],
    async () => (await options.pendingWork()).map(([job, count]) => [{ job }, count] as const),
  );
  scrapedGauge(
    registry,
    "fanvas_db_pool_connections",
    "Database connections by state (SQLite: one shared connection).",
    ["dialect", "state"],
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
  scrapedGauge(
    registry,
    "fanvas_process_resident_memory_bytes",
    "Resident memory of this process.",
    [],
    async () => [[{}, process.memoryUsage.rss()]],
  );
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
