import type { FastifyRequest } from "fastify";
import { HttpError } from "./errors.ts";

/** Options of a fixed-window rate limit. */
export interface FixedWindowLimitOptions {
  /** Requests one client may make per window; 0 turns the limit off. */
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
 * An onRequest hook that counts each client's requests (request.ip, which trust-proxy decides) in a fixed
 * window and refuses with 429 and Retry-After past the limit. `what` names the requests in the answer ("saves").
 */
export function fixedWindowLimit(
  options: FixedWindowLimitOptions,
  what: string,
): (request: FastifyRequest) => Promise<void> {
  const windowMs = options.windowSeconds * 1000;
  const now = options.now ?? Date.now;
  const windows = new ClientWindows(options.maxClients ?? DEFAULT_MAX_CLIENTS, windowMs);
  return async (request) => {
    if (options.limit === 0) return;
    const time = now();
    const window = windows.current(request.ip, time);
    window.count += 1;
    if (window.count <= options.limit) return;
    const retryAfter = Math.max(1, Math.ceil((window.startedAt + windowMs - time) / 1000));
    throw new HttpError(
      429,
      "rate_limited",
      `Too many ${what} from this address: at most ${options.limit} per ${options.windowSeconds} seconds. Try again in ${retryAfter} seconds.`,
      { headers: { "retry-after": String(retryAfter) } },
    );
  };
}

/** Each client's current window, in a Map kept in insertion order so the oldest is evicted first. */
class ClientWindows {
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
