import type { FastifyInstance } from "fastify";
import { SAVE_PATHS } from "../drawings/save.ts";
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
  const isSave = (method: string, url: string | undefined) => method === "POST" && SAVE_PATHS.has(url ?? "");
  app.addHook("onRequest", async (request) => {
    if (isSave(request.method, request.routeOptions.url)) limit.charge(request);
  });
  app.addHook("preValidation", async (request) => {
    if (!isSave(request.method, request.routeOptions.url) || !Array.isArray(request.body)) return;
    const rows = request.body.length;
    if (rows > 1) limit.charge(request, rows - 1, rows);
  });
}
