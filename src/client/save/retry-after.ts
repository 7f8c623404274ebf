/** When to send a failed upload again: the backoff, or the server's Retry-After when that is longer. */
import { backoffDelayMs } from "./backoff.ts";

/** A Retry-After longer than this is not believed: a misconfigured proxy must not park a drawing for days. */
export const MAX_RETRY_AFTER_MS = 10 * 60_000;

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
