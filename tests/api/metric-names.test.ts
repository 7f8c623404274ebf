import { afterEach, describe, expect, it } from "vitest";
import { startTestApp } from "./helpers/app.ts";
import { testDialects } from "./helpers/dialects.ts";
import { drawingPng } from "./helpers/png.ts";

const TOKEN = "metrics-token-0123456789abcdef";

/** Every metric Fanvas serves of its own: dashboards and alerts are written against these names. */
const FANVAS_METRICS = [
  "fanvas_saves_total",
  "fanvas_http_request_duration_seconds",
  "fanvas_http_requests_in_flight",
  "fanvas_upload_bytes_in_flight",
  "fanvas_background_queue_depth",
  "fanvas_db_pool_connections",
  "fanvas_process_resident_memory_bytes",
  "fanvas_save_phase_seconds",
  "fanvas_db_commit_writes",
  "fanvas_db_write_seconds",
];

/** What an operator expects of any Node service: event-loop lag, GC, heap, handles, CPU, memory, descriptors. */
const NODE_METRICS = [
  "nodejs_eventloop_lag_seconds",
  "nodejs_eventloop_lag_mean_seconds",
  "nodejs_eventloop_lag_max_seconds",
  "nodejs_eventloop_lag_quantile_seconds",
  "nodejs_gc_duration_seconds",
  "nodejs_heap_size_total_bytes",
  "nodejs_heap_size_used_bytes",
  "nodejs_heap_space_size_used_bytes",
  "nodejs_external_memory_bytes",
  "nodejs_active_handles_total",
  "nodejs_active_requests_total",
  "nodejs_version_info",
  "process_cpu_seconds_total",
  "process_resident_memory_bytes",
  "process_open_fds",
  "process_start_time_seconds",
];

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

describe.each(testDialects())("the metrics' names (%s)", (dialect) => {
  it("serves every Fanvas metric, each once, and Node's default metrics beside them", async () => {
    const started = await startTestApp(dialect, {
      observability: { metricsToken: TOKEN, metricsAllowLocal: false },
    });
    closers.push(started.close);
    const { app } = started;
    const saved = await app.inject({
      method: "POST",
      url: "/api/drawings",
      headers: { "content-type": "image/png" },
      payload: await drawingPng(),
    });
    expect(saved.statusCode).toBe(201);
    const scrape = await app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(scrape.statusCode).toBe(200);
    const typed = [...scrape.body.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((match) => match[1]);
    expect(typed.filter((name) => name?.startsWith("fanvas_")).sort()).toEqual([...FANVAS_METRICS].sort());
    for (const name of NODE_METRICS) expect(typed).toContain(name);
    expect(new Set(typed).size).toBe(typed.length);
    expect(scrape.body).toMatch(/^nodejs_heap_size_used_bytes [1-9]\d*$/m);
  });
});
