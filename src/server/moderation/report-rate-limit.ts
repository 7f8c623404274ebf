import type { FastifyReply, FastifyRequest } from "fastify";
import { sendApiError } from "../errors.ts";
import { ClientWindows } from "../plugins/save-rate-limit.ts";

/** Options of the report rate limit. */
export interface ReportRateLimitOptions {
  /** Reports one client may send per window; 0 turns the limit off. */
  readonly limit: number;
  readonly windowSeconds: number;
  /** The clock, in milliseconds; tests of window expiry pass their own. */
  readonly now?: () => number;
}

/** Same bound as the save limit: some 10 MB at most, whatever a flood of addresses does. */
const MAX_CLIENTS = 100_000;

/**
 * An onRequest hook for the report route: a fixed window per client (request.ip, which trust-proxy
 * decides), counted before the body is read, answering 429 with Retry-After past the limit.
 */
export function reportRateLimit(
  options: ReportRateLimitOptions,
): (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined> {
  const windowMs = options.windowSeconds * 1000;
  const now = options.now ?? Date.now;
  const windows = new ClientWindows(MAX_CLIENTS, windowMs);
  return async (request, reply) => {
    if (options.limit === 0) return undefined;
    const time = now();
    const window = windows.current(request.ip, time);
    window.count += 1;
    if (window.count <= options.limit) return undefined;
    const retryAfter = Math.max(1, Math.ceil((window.startedAt + windowMs - time) / 1000));
    reply.header("retry-after", String(retryAfter));
    return sendApiError(reply, {
      statusCode: 429,
      code: "rate_limited",
      message: `Too many reports from this address: at most ${options.limit} per ${options.windowSeconds} seconds. Try again in ${retryAfter} seconds.`,
    });
  };
}
