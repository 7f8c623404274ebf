import type { FastifyRequest } from "fastify";
import { HttpError } from "./errors.ts";
import { visitorKey } from "./visitor.ts";

// Ours rather than @fastify/rate-limit's: these limits count rows (drawings, reports, failed sign-ins), not
// requests, charge a request before its body is read, can give back what turned out not to count, and remember a
// bounded number of visitors (an IPv4 address, an IPv6 /64).

/** Options of a fixed-window rate limit. */
export interface FixedWindowLimitOptions {
  /** Rows (drawings, reports, failed sign-ins) one visitor may add per window; 0 turns the limit off. */
  readonly limit: number;
  readonly windowSeconds: number;
  /** Most visitors remembered at once; beyond it the oldest window is forgotten. */
  readonly maxClients?: number;
  /** The clock, in milliseconds; tests of window expiry pass their own. */
  readonly now?: () => number;
}

/** A per-visitor limit that counts rows, not requests: a request holding ten drawings costs ten. */
export interface VisitorLimit {
  /**
   * Counts `rows` against the request's visitor; throws the 429 when that takes it past the limit.
   * `held` is how many rows the whole request holds, for the message (rows may be its remainder).
   */
  charge(request: FastifyRequest, rows?: number, held?: number): void;
  /** Throws the 429 when the visitor has nothing left in this window, without counting anything. */
  refuseIfSpent(request: FastifyRequest): void;
  /** Counts one row against the request's visitor without refusing (a failure seen after the answer). */
  record(request: FastifyRequest): void;
  /**
   * Gives back rows charged in the visitor's current window (an attempt counted before it was checked, which
   * turned out not to be a failure); a window that ended since starts from nothing anyway.
   */
  refund(request: FastifyRequest, rows?: number): void;
}

interface Window {
  readonly startedAt: number;
  count: number;
}

/** 100,000 windows of about 100 bytes each: at most some 10 MB, whatever a flood of addresses does. */
const DEFAULT_MAX_CLIENTS = 100_000;

/**
 * A fixed window per visitor (visitorKey: the IPv4 address or the IPv6 /64), refusing with 429 and
 * Retry-After past the limit. Rows refused still count: a client that keeps sending past the limit does
 * not get its window back sooner. `what` names the rows in the answer ("drawings", "reports").
 */
export function fixedWindowLimit(options: FixedWindowLimitOptions, what: string): VisitorLimit {
  const windowMs = options.windowSeconds * 1000;
  const now = options.now ?? Date.now;
  const windows = new ClientWindows(options.maxClients ?? DEFAULT_MAX_CLIENTS, windowMs);
  const refuse = (window: Window, time: number, held: number): never => {
    const retryAfter = Math.max(1, Math.ceil((window.startedAt + windowMs - time) / 1000));
    const holds = held > 1 ? ` (this request holds ${held})` : "";
    throw new HttpError(
      429,
      "rate_limited",
      `Too many ${what} from this address: at most ${options.limit} per ${options.windowSeconds} seconds${holds}. Try again in ${retryAfter} seconds.`,
      { headers: { "retry-after": String(retryAfter) } },
    );
  };
  return {
    charge: (request, rows = 1, held = rows) => {
      if (options.limit === 0) return;
      const time = now();
      const window = windows.current(visitorKey(request), time);
      window.count += rows;
      if (window.count > options.limit) refuse(window, time, held);
    },
    record: (request) => {
      if (options.limit !== 0) windows.current(visitorKey(request), now()).count += 1;
    },
    refund: (request, rows = 1) => {
      if (options.limit === 0) return;
      const window = windows.current(visitorKey(request), now());
      window.count = Math.max(0, window.count - rows);
    },
    refuseIfSpent: (request) => {
      if (options.limit === 0) return;
      const time = now();
      const window = windows.current(visitorKey(request), time);
      if (window.count >= options.limit) refuse(window, time, 1);
    },
  };
}

/** Each visitor's current window, in a Map kept in insertion order so the oldest is evicted first. */
class ClientWindows {
  readonly #windows = new Map<string, Window>();
  readonly #maxClients: number;
  readonly #windowMs: number;

  constructor(maxClients: number, windowMs: number) {
    this.#maxClients = maxClients;
    this.#windowMs = windowMs;
  }

  /** The visitor's open window, starting a new one (at the back of the Map) when the last has ended. */
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
