import type { FastifyInstance } from "fastify";
import { type FixedWindowLimitOptions, fixedWindowLimit } from "./fixed-window-limit.ts";
import { saveRouteOf } from "./save-routes.ts";

/** Options of the save rate limit. */
export type SaveRateLimitOptions = FixedWindowLimitOptions;

/**
 * A fixed window per visitor on the save routes only (those declaring `save: true`), counting
 * drawings, not requests. Every request costs one before its body is read, so refused and malformed
 * uploads cost their sender too; once the body is parsed, a PostgREST array costs one per further row.
 */
export async function saveRateLimit(app: FastifyInstance, options: SaveRateLimitOptions): Promise<void> {
  if (options.limit === 0) return;
  const limit = fixedWindowLimit(options, "drawings");
  app.addHook("onRequest", async (request) => {
    if (saveRouteOf(request) !== undefined) limit.charge(request);
  });
  app.addHook("preValidation", async (request) => {
    if (saveRouteOf(request) === undefined || !Array.isArray(request.body)) return;
    const rows = request.body.length;
    if (rows > 1) limit.charge(request, rows - 1, rows);
  });
}
