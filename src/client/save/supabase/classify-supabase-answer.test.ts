import { describe, expect, test } from "vitest";
import { classifySupabaseAnswer, type SupabaseAnswer } from "./classify-supabase-answer.ts";

const NOW = Date.UTC(2026, 10, 24, 12, 0, 0);

function answer(overrides: Partial<SupabaseAnswer>): SupabaseAnswer {
  return { status: 201, data: null, error: null, retryAfter: null, ...overrides };
}

describe("classifySupabaseAnswer", () => {
  test("any 2xx is saved, with the row read back or without it (RLS may hide it from the select)", () => {
    const row = { id: "7b0c", image_data: "data:image/png;base64,AAAA", created_at: "2026-11-24T12:00:00Z" };
    for (const [status, data] of [
      [201, row],
      [201, null],
      [200, null],
    ] as const) {
      // Nothing of the row reaches the page: its id is not one our permalinks or image routes know.
      expect(classifySupabaseAnswer(answer({ status, data }), NOW)).toEqual({ kind: "saved", drawing: {} });
    }
  });

  test("no answer, 5xx, 408, 425 and 429 are retried; Retry-After is honoured", () => {
    for (const status of [0, 500, 502, 503, 408, 425, 429]) {
      expect(classifySupabaseAnswer(answer({ status }), NOW), String(status)).toEqual({
        kind: "retry",
        retryAfterMs: undefined,
      });
    }
    expect(classifySupabaseAnswer(answer({ status: 429, retryAfter: "7" }), NOW)).toEqual({
      kind: "retry",
      retryAfterMs: 7000,
    });
  });

  test("other 4xx drop the drawing with PostgREST's message, or a plain sentence without one", () => {
    const check = { message: 'new row for relation "drawings" violates check constraint', code: "23514" };
    expect(classifySupabaseAnswer(answer({ status: 400, error: check }), NOW)).toEqual({
      kind: "refused",
      message: check.message,
    });
    for (const status of [401, 403, 404, 413]) {
      expect(classifySupabaseAnswer(answer({ status, error: { message: " " } }), NOW)).toEqual({
        kind: "refused",
        message: "The database did not accept this drawing.",
      });
    }
  });

  test("409 (the Idempotency-Key already stored another picture) is a conflict", () => {
    expect(classifySupabaseAnswer(answer({ status: 409, error: { message: "Key reused" } }), NOW)).toEqual({
      kind: "conflict",
      message: "Key reused",
    });
  });
});
