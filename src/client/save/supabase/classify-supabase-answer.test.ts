import { describe, expect, test } from "vitest";
import { classifySupabaseAnswer, type SupabaseAnswer } from "./classify-supabase-answer.ts";

const NOW = Date.UTC(2026, 10, 24, 12, 0, 0);

function answer(overrides: Partial<SupabaseAnswer>): SupabaseAnswer {
  return { status: 201, data: null, error: null, retryAfter: null, ...overrides };
}

describe("classifySupabaseAnswer", () => {
  test("201 with the row read back is saved, by the row's id and creation time, with no image address", () => {
    const row = { id: "7b0c", image_data: "data:image/png;base64,AAAA", created_at: "2026-11-24T12:00:00Z" };
    expect(classifySupabaseAnswer(answer({ data: row }), NOW)).toEqual({
      kind: "saved",
      drawing: { id: "7b0c", createdAt: "2026-11-24T12:00:00Z" },
    });
  });

  test("a 2xx without a row (RLS hid it from the select) is still saved: the insert succeeded", () => {
    expect(classifySupabaseAnswer(answer({ status: 201, data: null }), NOW).kind).toBe("saved");
    expect(classifySupabaseAnswer(answer({ status: 200, data: null }), NOW).kind).toBe("saved");
  });

  test("a row that carries our SavedDrawing shape keeps its url (a Fanvas server's answer)", () => {
    const saved = { id: "a", url: "/api/drawings/a.png", createdAt: "2026-11-24T12:00:00Z" };
    expect(classifySupabaseAnswer(answer({ data: saved }), NOW)).toEqual({ kind: "saved", drawing: saved });
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
