import { describe, expect, it } from "vitest";
import { newIdempotencyKey } from "./idempotency-key.ts";

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("newIdempotencyKey", () => {
  it("is a random UUID v4, different each time", () => {
    const keys = new Set(Array.from({ length: 100 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(100);
    for (const key of keys) expect(key).toMatch(UUID_V4);
  });

  it("builds a UUID v4 from getRandomValues where randomUUID is missing (plain HTTP)", () => {
    const insecure = { getRandomValues: (array: Uint8Array<ArrayBuffer>) => crypto.getRandomValues(array) };
    const keys = new Set(Array.from({ length: 100 }, () => newIdempotencyKey(insecure)));
    expect(keys.size).toBe(100);
    for (const key of keys) expect(key).toMatch(UUID_V4);
  });
});
