import type { FastifyInstance } from "fastify";
import { SAVE_PATHS } from "../drawings/save.ts";
import { type FixedWindowLimitOptions, fixedWindowLimit } from "./fixed-window-limit.ts";

/** Options of the save rate limit. */
export type SaveRateLimitOptions = FixedWindowLimitOptions;

/**
 * A fixed window per client (request.ip, which trust-proxy decides) on the save routes only
 * (POST /api/drawings and /rest/v1/drawings, one request counting once whatever its rows).
 * Counted before the body is parsed, so refused and malformed uploads cost their sender too.
 */
export async function saveRateLimit(app: FastifyInstance, options: SaveRateLimitOptions): Promise<void> {
  if (options.limit === 0) return;
  const limitSaves = fixedWindowLimit(options, "saves");
  app.addHook("onRequest", async (request) => {
    if (request.method !== "POST" || !SAVE_PATHS.has(request.routeOptions.url ?? "")) return;
    await limitSaves(request);
  });
}
