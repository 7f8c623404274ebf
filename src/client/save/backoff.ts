/** When to try a failed upload again: exponential backoff with jitter, and the server's Retry-After. */

/** Wait before the first retry, before jitter. */
export const RETRY_BASE_MS = 1_000;
/** The backoff stops growing here, so a visitor back online waits at most about a minute. */
export const RETRY_CAP_MS = 60_000;
/** A Retry-After longer than this is not believed: a misconfigured proxy must not park a drawing for days. */
export const MAX_RETRY_AFTER_MS = 10 * 60_000;

/**
 * Backoff before retry number `failures` (1 after the first failure): base x 2^(failures - 1), capped, with
 * "equal jitter" — half fixed, half random — so tabs that failed together do not retry together, yet no retry
 * comes sooner than half the schedule. `random` is in [0, 1).
 */
export function backoffDelayMs(failures: number, random: number): number {
  const exponent = Math.max(0, Math.floor(failures) - 1);
  // 2^6 already passes the cap; clamping the exponent keeps huge attempt counts finite.
  const scheduled = Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** Math.min(exponent, 16));
  const jitter = Math.min(Math.max(random, 0), 1);
  return Math.round(scheduled / 2 + (jitter * scheduled) / 2);
}

/** The wait before the next attempt: the backoff, or the server's Retry-After when that is longer. */
export function retryDelayMs(failures: number, random: number, retryAfterMs?: number): number {
  const backoff = backoffDelayMs(failures, random);
  if (retryAfterMs === undefined) return backoff;
  return Math.max(backoff, Math.min(retryAfterMs, MAX_RETRY_AFTER_MS));
}

/**
 * Reads a Retry-After header (RFC 9110: delay-seconds or an HTTP date) as milliseconds from `now`;
 * undefined when absent or unreadable, 0 for a date already past.
 */
export function parseRetryAfter(value: string | null | undefined, now: number): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP date always names its weekday and month; anything else (e.g. "-5") is not one.
  if (!/[A-Za-z]/.test(text)) return undefined;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}
