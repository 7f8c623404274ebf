import type { FastifyInstance } from "fastify";
import { Histogram } from "prom-client";
import type { Store } from "../db/open.ts";
import { saveRouteOf } from "../http/save-routes.ts";
import { SaveTimeline } from "./save-timeline.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The clock of a save request (both save routes); undefined on every other request. */
    saveTimeline: SaveTimeline | undefined;
  }
}

/** From a tenth of a millisecond (hashing) to a second (a save queued behind a slow disk). */
const PHASE_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1];

/** Writes per group commit: 1 when saves come one at a time, up to the concurrency under load. */
const BATCH_BUCKETS = [1, 2, 4, 8, 16, 32, 64, 128, 256];

/** Options of timeSaves. */
export interface SaveTimingOptions {
  readonly store: Store;
}

/**
 * Gives every save request a SaveTimeline and reports its phases as fanvas_save_phase_seconds{phase} once
 * it is answered (body and checks here, the rest by the save path), so an operator and `npm run bench` see
 * where a save's time goes. A few clock reads per save: always on. Register it app-wide (fastify-plugin) after
 * http/metrics.ts, whose registry it adds to.
 */
export async function timeSaves(app: FastifyInstance, { store }: SaveTimingOptions): Promise<void> {
  const registry = app.metricsRegistry;
  const phases = new Histogram({
    name: "fanvas_save_phase_seconds",
    help: "Where the time of answered saves went, by phase (body, checks, validate, hash, store, announce, answer).",
    labelNames: ["phase"],
    buckets: PHASE_BUCKETS,
    registers: [registry],
  });
  app.decorateRequest("saveTimeline", undefined);
  app.addHook("onRequest", async (request) => {
    if (saveRouteOf(request) !== undefined) request.saveTimeline = new SaveTimeline();
  });
  app.addHook("preValidation", async (request) => {
    request.saveTimeline?.mark("body");
  });
  app.addHook("preHandler", async (request) => {
    request.saveTimeline?.mark("checks");
  });
  app.addHook("onResponse", async (request, reply) => {
    const timeline = request.saveTimeline;
    // A refused save stops early; only stored (or replayed) saves make the breakdown.
    if (timeline === undefined || reply.statusCode >= 400) return;
    timeline.mark("answer");
    for (const [phase, ms] of timeline.durations()) phases.observe({ phase }, ms / 1000);
  });
  timeCommits(app, store);
}

/**
 * The store's group commits: how many writes each committed together (fanvas_db_commit_writes), and per
 * write how long it waited for its batch to begin, the batch's statements and its flush to disk
 * (fanvas_db_write_seconds{part="wait|statements|flush"}): the save's store phase, broken down.
 */
function timeCommits(app: FastifyInstance, store: Store): void {
  const registers = [app.metricsRegistry];
  const sizes = new Histogram({
    name: "fanvas_db_commit_writes",
    help: "Writes committed together in one transaction and one flush (group commit).",
    buckets: BATCH_BUCKETS,
    registers,
  });
  const parts = new Histogram({
    name: "fanvas_db_write_seconds",
    help: "Per committed write: waiting for its batch to begin, the batch's statements, the batch's flush to disk (PostgreSQL: inside the statement).",
    labelNames: ["part"],
    buckets: PHASE_BUCKETS,
    registers,
  });
  const stop = store.onCommit((batch) => {
    sizes.observe(batch.statements);
    for (const wait of batch.waitMs) {
      parts.observe({ part: "wait" }, wait / 1000);
      parts.observe({ part: "statements" }, batch.writeMs / 1000);
      if (batch.commitMs !== undefined) parts.observe({ part: "flush" }, batch.commitMs / 1000);
    }
  });
  app.addHook("onClose", async () => stop());
}
