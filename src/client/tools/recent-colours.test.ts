import { describe, expect, it } from "vitest";
import { readRecentColours, withRecent, writeRecentColours } from "./recent-colours.ts";

/** A Storage stand-in over a Map (the real one is the browser's; this checks the shape of what is kept). */
function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe("recent custom colours", () => {
  it("keeps the newest first, no duplicates, at most five", () => {
    let recent: string[] = [];
    for (const colour of ["#111111", "#222222", "#333333", "#111111", "#444444", "#555555", "#666666"]) {
      recent = withRecent(recent, colour);
    }
    expect(recent).toEqual(["#666666", "#555555", "#444444", "#111111", "#333333"]);
    expect(withRecent([], "#ABCDEF")).toEqual(["#abcdef"]);
  });

  it("survives a round trip through storage and ignores what is not a list of colours", () => {
    const storage = memoryStorage();
    writeRecentColours(["#123456", "#abcdef"], storage);
    expect(readRecentColours(storage)).toEqual(["#123456", "#abcdef"]);
    expect(readRecentColours(memoryStorage({ "fanvas:recent-colours": "{not json" }))).toEqual([]);
    expect(readRecentColours(memoryStorage({ "fanvas:recent-colours": '["red", 5, "#00ff00"]' }))).toEqual([
      "#00ff00",
    ]);
    expect(readRecentColours(null)).toEqual([]);
  });
});
