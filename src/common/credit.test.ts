import { describe, expect, it } from "vitest";
import { creditKey, MAX_NAME_CHARACTERS, namePagePath, readCredit } from "./credit.ts";

const refused = (raw: string) => {
  const read = readCredit(raw);
  return read.kind === "refused" ? read.problem : `not refused: ${JSON.stringify(read)}`;
};
const kept = (raw: string) => {
  const read = readCredit(raw);
  if (read.kind !== "credit") throw new Error(`not a credit: ${JSON.stringify(read)}`);
  return read.credit;
};

describe("a name signed on a drawing", () => {
  it("keeps display names and X handles, tidied, with a key that ignores case and width", () => {
    expect(kept("  Fred   the\tFrog ")).toEqual({ name: "Fred the Frog", key: "fred the frog" });
    expect(kept("@Fred_Art")).toEqual({ name: "@Fred_Art", key: "@fred_art", handle: "Fred_Art" });
    expect(kept("Ｆｒｅｄ").key).toBe(kept("fred").key);
    expect(kept("Zoë 🐸").name).toBe("Zoë 🐸");
    // Composed and decomposed accents are one name.
    expect(kept("Zoe\u0308").name).toBe("Zoë");
    expect(creditKey("@FRED")).toBe("@fred");
  });

  it("reads nothing, or spaces alone, as no name", () => {
    expect(readCredit("")).toEqual({ kind: "none" });
    expect(readCredit(" \t\n")).toEqual({ kind: "none" });
    expect(readCredit("\0\0")).toEqual({ kind: "none" });
  });

  it("strips NUL, and refuses control, direction-changing and invisible characters, naming them", () => {
    expect(kept("Fr\0ed").name).toBe("Fred");
    expect(refused("evil\u202Egnp.exe")).toMatch(/direction.*U\+202E/);
    expect(refused("\u2067Fred\u2069")).toMatch(/direction.*U\+2067/);
    expect(refused("Fr\u200Bed")).toMatch(/invisible.*U\+200B/);
    expect(refused("Fr\u200Ded")).toMatch(/invisible.*U\+200D/);
    expect(refused("Fr\uFEFFed")).toMatch(/invisible.*U\+FEFF/);
    expect(refused("Fred\u0007")).toMatch(/control.*U\+0007/);
    expect(refused("\u3164")).toMatch(/invisible/);
    expect(refused("Z\u0301\u0302\u0303\u0304\u0305algo")).toMatch(/accents/);
  });

  it("keeps the joiners and tags emoji are written with", () => {
    expect(kept("Family 👨‍👩‍👧").name).toBe("Family 👨‍👩‍👧");
    expect(kept("🏴󠁧󠁢󠁳󠁣󠁴󠁿 Fan").name).toBe("🏴󠁧󠁢󠁳󠁣󠁴󠁿 Fan");
  });

  it("counts what a reader sees: 50 emoji with their modifiers fit, 51 letters do not, 10,000 are refused at once", () => {
    expect(kept("👍🏽".repeat(MAX_NAME_CHARACTERS)).name).toHaveLength(4 * MAX_NAME_CHARACTERS);
    expect(refused("a".repeat(MAX_NAME_CHARACTERS + 1))).toMatch(/at most 50 characters/);
    expect(refused("a".repeat(10_000))).toMatch(/at most 50 characters/);
    expect(refused("\u202E".repeat(10_000))).toMatch(/at most 50/);
  });

  it("checks X handles by X's rules", () => {
    expect(kept("@ev").handle).toBe("ev");
    expect(kept("@a23456789012345").handle).toBe("a23456789012345");
    expect(refused("@a234567890123456")).toMatch(/15 letters/);
    expect(refused("@fred-art")).toMatch(/letters, digits or underscores/);
    expect(refused("@")).toMatch(/X handle/);
    expect(refused("@fréd")).toMatch(/X handle/);
    expect(refused("@MyTwitterFan")).toMatch(/Twitter/);
    expect(refused("@siteadmin")).toMatch(/Admin/);
  });

  it("has a page whose address carries the name safely", () => {
    expect(namePagePath("@fred")).toBe("/by/%40fred");
    expect(namePagePath("Fred / Frog?")).toBe("/by/Fred%20%2F%20Frog%3F");
  });
});
