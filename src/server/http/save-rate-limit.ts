import type { FastifyInstance } from "fastify";
import { saveRouteOf } from "../drawings/save.ts";
import { type FixedWindowLimitOptions, fixedWindowLimit } from "./fixed-window-limit.ts";

/** Options of the save rate limit. */
export type SaveRateLimitOptions = FixedWindowLimitOptions;

/**
 * A fixed window per visitor on the save routes only (POST /api/drawings and /rest/v1/drawings), counting
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
