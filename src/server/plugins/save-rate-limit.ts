import type { FastifyInstance } from "fastify";
import { sendApiError } from "../errors.ts";
import { SAVE_PATHS } from "../saves.ts";

/** Options of the save rate limit. */
export interface SaveRateLimitOptions {
  /** Saves one client may make per window; 0 turns the limit off. */
  readonly limit: number;
  readonly windowSeconds: number;
  /** Most clients remembered at once; beyond it the oldest window is forgotten. */
  readonly maxClients?: number;
  /** The clock, in milliseconds; tests of window expiry pass their own. */
  readonly now?: () => number;
}

interface Window {
  readonly startedAt: number;
  count: number;
}

/** 100,000 windows of about 100 bytes each: at most some 10 MB, whatever a flood of addresses does. */
const DEFAULT_MAX_CLIENTS = 100_000;

/**
 * A fixed window per client (request.ip, which trust-proxy decides) on the save routes only
 * (POST /api/drawings and /rest/v1/drawings, one request counting once whatever its rows).
 * Counted before the body is parsed, so refused and malformed uploads cost their sender too.
 */
export async function saveRateLimit(app: FastifyInstance, options: SaveRateLimitOptions): Promise<void> {
  if (options.limit === 0) return;
  const windowMs = options.windowSeconds * 1000;
  const now = options.now ?? Date.now;
  const windows = new ClientWindows(options.maxClients ?? DEFAULT_MAX_CLIENTS, windowMs);
  app.addHook("onRequest", async (request, reply) => {
    if (request.method !== "POST" || !SAVE_PATHS.has(request.routeOptions.url ?? "")) return;
    const time = now();
    const window = windows.current(request.ip, time);
    window.count += 1;
    if (window.count <= options.limit) return;
    const retryAfter = Math.max(1, Math.ceil((window.startedAt + windowMs - time) / 1000));
    reply.header("retry-after", String(retryAfter));
    return sendApiError(reply, {
      statusCode: 429,
      code: "rate_limited",
      message: `Too many saves from this address: at most ${options.limit} per ${options.windowSeconds} seconds. Try again in ${retryAfter} seconds.`,
    });
  });
}

/** Each client's current window, in a Map kept in insertion order so the oldest is evicted first; reports reuse it. */
export class ClientWindows {
  readonly #windows = new Map<string, Window>();
  readonly #maxClients: number;
  readonly #windowMs: number;

  constructor(maxClients: number, windowMs: number) {
    this.#maxClients = maxClients;
    this.#windowMs = windowMs;
  }

  /** The client's open window, starting a new one (at the back of the Map) when the last has ended. */
  current(client: string, time: number): Window {
    const existing = this.#windows.get(client);
    if (existing !== undefined && time - existing.startedAt < this.#windowMs) return existing;
    this.#windows.delete(client);
    if (this.#windows.size >= this.#maxClients) this.#evict(time);
    const fresh = { startedAt: time, count: 0 };
    this.#windows.set(client, fresh);
    return fresh;
  }

  /** Drops ended windows from the front; when all are still open, drops the oldest one anyway. */
  #evict(time: number): void {
    for (const [client, window] of this.#windows) {
      if (time - window.startedAt < this.#windowMs) break;
      this.#windows.delete(client);
    }
    if (this.#windows.size >= this.#maxClients) {
      const oldest = this.#windows.keys().next();
      if (!oldest.done) this.#windows.delete(oldest.value);
    }
  }
}
