/**
 * When to try again after a failure (an upload, a chunk that did not download, the wall's stream): exponential
 * backoff with jitter. A server's Retry-After is read apart (retry-after.ts): the page's first bundle retries
 * chunks and needs only this.
 */

/** Wait before the first retry, before jitter. */
export const RETRY_BASE_MS = 1_000;
/** The backoff stops growing here, so a visitor back online waits at most about a minute. */
export const RETRY_CAP_MS = 60_000;

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
