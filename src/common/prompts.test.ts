import { describe, expect, it } from "vitest";
import { checkHashtag, checkPromptTitle, PROMPT_ID_PATTERN, promptIdFrom, promptPhase } from "./prompts.ts";

describe("prompts", () => {
  const prompt = { startsAt: "2026-11-23T00:00:00.000Z", endsAt: "2026-11-30T00:00:00.000Z" };

  it("is upcoming before its start, running from its start, and ended from its end", () => {
    expect(promptPhase(prompt, Date.parse("2026-11-22T23:59:59.999Z"))).toBe("upcoming");
    expect(promptPhase(prompt, Date.parse("2026-11-23T00:00:00.000Z"))).toBe("running");
    expect(promptPhase(prompt, Date.parse("2026-11-29T23:59:59.999Z"))).toBe("running");
    expect(promptPhase(prompt, Date.parse("2026-11-30T00:00:00.000Z"))).toBe("ended");
  });

  it("makes an address-safe id from a title", () => {
    expect(promptIdFrom("Fred at the beach!")).toBe("fred-at-the-beach");
    expect(promptIdFrom("Café — au lait")).toBe("cafe-au-lait");
    expect(promptIdFrom("🐸🐸")).toBe("prompt");
    const long = promptIdFrom("a very long title that goes on and on past forty characters");
    expect(long.length).toBeLessThanOrEqual(40);
    expect(PROMPT_ID_PATTERN.test(long)).toBe(true);
  });

  it("checks titles by the text rules and hashtags by X's", () => {
    expect(checkPromptTitle("  Fred at   the beach ")).toEqual({ title: "Fred at the beach" });
    expect(checkPromptTitle(" ")).toEqual({ problem: "A prompt needs a title." });
    expect(checkPromptTitle("Fred\u202Eevil")).toHaveProperty("problem");
    expect(checkHashtag("#FredAtTheBeach")).toEqual({ hashtag: "#FredAtTheBeach" });
    expect(checkHashtag("")).toEqual({ hashtag: null });
    expect(checkHashtag("#ビーチ")).toEqual({ hashtag: "#ビーチ" });
    for (const bad of ["FredAtTheBeach", "#2026", "#two words", "#a-b", `#${"a".repeat(30)}`]) {
      expect(checkHashtag(bad), bad).toHaveProperty("problem");
    }
  });
});
