import { describe, expect, it } from "vitest";
import { classifyAnswer } from "./classify-answer.ts";

// A save counts as stored only on an answer that validates against the wire schema of a saved drawing (or still
// carries what proves the save: its id, its path on this server, its time); anything else is tried again, which
// the Idempotency-Key makes harmless. A refusal's words reach the visitor only from an error body that validates.

const NOW = Date.parse("2026-11-27T00:00:00Z");
const saved = {
  id: "abcdefghijkl",
  url: "/api/drawings/abcdefghijkl.png",
  createdAt: "2026-11-27T00:00:00.000Z",
  status: "visible",
  name: null,
  prompt: null,
};

describe("the answer to a save", () => {
  it("is stored when it validates, holding only the saved drawing's fields", () => {
    expect(classifyAnswer({ status: 201, body: { ...saved, extra: 1 }, retryAfter: null }, NOW)).toEqual({
      kind: "saved",
      drawing: saved,
    });
  });

  it("is tried again when it does not prove the save", () => {
    const wrong = [
      { ...saved, url: "https://evil.example/a.png" },
      { ...saved, url: "//evil.example/a.png" },
      { ...saved, createdAt: 5 },
      { id: "abcdefghijkl", url: "/api/drawings/abcdefghijkl.png" },
    ];
    for (const body of wrong) {
      expect(classifyAnswer({ status: 201, body, retryAfter: null }, NOW)).toEqual({
        kind: "retry",
        retryAfterMs: undefined,
      });
    }
  });

  it("gives a refusal's words only from an error body that validates", () => {
    const refusal = (body: unknown) => classifyAnswer({ status: 400, body, retryAfter: null }, NOW);
    expect(refusal({ statusCode: 400, code: "wrong_size", message: "The image must be 600 x 600." })).toEqual(
      {
        kind: "refused",
        message: "The image must be 600 x 600.",
      },
    );
    expect(refusal({ message: "Our words?" })).toEqual({
      kind: "refused",
      message: "The server did not accept this drawing.",
    });
  });
});
