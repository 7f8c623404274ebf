import { describe, expect, it } from "vitest";
import type { ApiError } from "../../common/api.ts";
import { classifyAnswer, type StoredDrawing, type UploadAnswer } from "./classify-answer.ts";

const NOW = Date.parse("2025-01-01T00:00:00Z");
const drawing: StoredDrawing = {
  id: "abcdefghijkl",
  url: "/api/drawings/abcdefghijkl.png",
  createdAt: "2025-01-01",
};

function apiError(statusCode: number, message: string): ApiError {
  return { statusCode, code: "some_code", message };
}

function answer(status: number, body: unknown, retryAfter: string | null = null): UploadAnswer {
  return { status, body, retryAfter };
}

describe("classifyAnswer", () => {
  it("counts 201 (stored now) and 200 (stored by an earlier attempt with this key) as saved", () => {
    expect(classifyAnswer(answer(201, drawing), NOW)).toEqual({ kind: "saved", drawing });
    expect(classifyAnswer(answer(200, drawing), NOW)).toEqual({ kind: "saved", drawing });
  });

  it("keeps a known visibility status and drops one it does not know, without refusing the save", () => {
    for (const status of ["visible", "pending"] as const) {
      expect(classifyAnswer(answer(201, { ...drawing, status }), NOW)).toEqual({
        kind: "saved",
        drawing: { ...drawing, status },
      });
    }
    const unknown = classifyAnswer(answer(201, { ...drawing, status: "quarantined" }), NOW);
    expect(unknown).toEqual({ kind: "saved", drawing });
    expect(unknown.kind === "saved" ? unknown.drawing.status : "not saved").toBeUndefined();
  });

  it("retries a 200 whose body is not our answer (a captive portal's page), since a retry is harmless", () => {
    expect(classifyAnswer(answer(200, "<html>Log in to the Wi-Fi</html>"), NOW)).toEqual({
      kind: "retry",
      retryAfterMs: undefined,
    });
    expect(classifyAnswer(answer(201, { id: 5 }), NOW).kind).toBe("retry");
  });

  it("retries server errors, honouring Retry-After", () => {
    for (const status of [500, 502, 503, 504]) {
      expect(classifyAnswer(answer(status, apiError(status, "down")), NOW)).toEqual({
        kind: "retry",
        retryAfterMs: undefined,
      });
    }
    expect(classifyAnswer(answer(503, "", "30"), NOW)).toEqual({ kind: "retry", retryAfterMs: 30_000 });
  });

  it("retries a timeout and a rate limit, with the rate limit's Retry-After", () => {
    expect(classifyAnswer(answer(408, apiError(408, "slow")), NOW).kind).toBe("retry");
    expect(classifyAnswer(answer(429, apiError(429, "Too many saves"), "12"), NOW)).toEqual({
      kind: "retry",
      retryAfterMs: 12_000,
    });
  });

  it("gives up on a drawing the server refuses, keeping the server's words for the visitor", () => {
    for (const status of [400, 403, 404, 413, 415, 422]) {
      expect(classifyAnswer(answer(status, apiError(status, "The image must be 600 x 600.")), NOW)).toEqual({
        kind: "refused",
        message: "The image must be 600 x 600.",
      });
    }
  });

  it("says something useful when a refusal has no ApiError body", () => {
    expect(classifyAnswer(answer(413, "Payload Too Large"), NOW)).toEqual({
      kind: "refused",
      message: "The server did not accept this drawing.",
    });
  });

  it("treats 409 (the key stored another image) as a conflict, never a retry", () => {
    expect(classifyAnswer(answer(409, apiError(409, "key reused")), NOW)).toEqual({
      kind: "conflict",
      message: "key reused",
    });
  });

  it("retries answers it does not expect rather than dropping the drawing", () => {
    expect(classifyAnswer(answer(204, ""), NOW).kind).toBe("retry");
    expect(classifyAnswer(answer(302, ""), NOW).kind).toBe("retry");
  });
});
