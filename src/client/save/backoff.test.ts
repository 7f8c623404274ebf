import { describe, expect, it } from "vitest";
import { backoffDelayMs, RETRY_BASE_MS, RETRY_CAP_MS } from "./backoff.ts";
import { MAX_RETRY_AFTER_MS, parseRetryAfter, retryDelayMs } from "./retry-after.ts";

describe("backoffDelayMs", () => {
  it("doubles from the base with each failure: 1 s, 2 s, 4 s, 8 s at the top of the jitter", () => {
    expect([1, 2, 3, 4].map((failures) => backoffDelayMs(failures, 1))).toEqual([1000, 2000, 4000, 8000]);
  });

  it("keeps at least half the schedule at the bottom of the jitter", () => {
    expect([1, 2, 3].map((failures) => backoffDelayMs(failures, 0))).toEqual([500, 1000, 2000]);
  });

  it("stays within half and all of the schedule for any random value", () => {
    for (let failures = 1; failures <= 10; failures++) {
      const scheduled = Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** (failures - 1));
      for (const random of [0, 0.1, 0.5, 0.99]) {
        const delay = backoffDelayMs(failures, random);
        expect(delay).toBeGreaterThanOrEqual(scheduled / 2);
        expect(delay).toBeLessThanOrEqual(scheduled);
      }
    }
  });

  it("is capped at a minute, also after thousands of failures", () => {
    expect(backoffDelayMs(7, 1)).toBe(RETRY_CAP_MS);
    expect(backoffDelayMs(5000, 1)).toBe(RETRY_CAP_MS);
    expect(backoffDelayMs(5000, 0)).toBe(RETRY_CAP_MS / 2);
  });

  it("treats zero or fractional failure counts like the first failure", () => {
    expect(backoffDelayMs(0, 1)).toBe(RETRY_BASE_MS);
    expect(backoffDelayMs(1.7, 1)).toBe(RETRY_BASE_MS);
  });
});

describe("retryDelayMs", () => {
  it("is the backoff when the server gave no Retry-After", () => {
    expect(retryDelayMs(3, 1)).toBe(4000);
  });

  it("waits as long as the server asked when that is longer than the backoff", () => {
    expect(retryDelayMs(1, 1, 30_000)).toBe(30_000);
  });

  it("keeps the backoff when the server asked for less", () => {
    expect(retryDelayMs(3, 1, 1000)).toBe(4000);
  });

  it("does not believe a Retry-After beyond ten minutes", () => {
    expect(retryDelayMs(1, 1, 7 * 24 * 3600_000)).toBe(MAX_RETRY_AFTER_MS);
  });
});

describe("parseRetryAfter", () => {
  const now = Date.parse("2025-01-01T00:00:00Z");

  it("reads delay-seconds", () => {
    expect(parseRetryAfter("7", now)).toBe(7000);
    expect(parseRetryAfter(" 0 ", now)).toBe(0);
  });

  it("reads an HTTP date as the time left until it", () => {
    expect(parseRetryAfter("Wed, 01 Jan 2025 00:00:05 GMT", now)).toBe(5000);
    expect(parseRetryAfter("Tue, 31 Dec 2024 23:00:00 GMT", now)).toBe(0);
  });

  it("ignores a missing or unreadable header", () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter("", now)).toBeUndefined();
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter("-5", now)).toBeUndefined();
  });
});
