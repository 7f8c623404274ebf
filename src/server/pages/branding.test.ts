import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DEFAULT_BRANDING } from "../../common/config.ts";
import { loadBranding, validateBranding } from "./branding.ts";

const dir = mkdtempSync(join(tmpdir(), "fanvas-config-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("branding config", () => {
  it("merges the file's fields over the defaults", async () => {
    const file = join(dir, "partial.json");
    writeFileSync(file, JSON.stringify({ title: "Draw Bob", downloadPrefix: "draw-bob" }));
    expect(await loadBranding(file, true)).toEqual({
      ...DEFAULT_BRANDING,
      title: "Draw Bob",
      downloadPrefix: "draw-bob",
    });
  });

  it("uses the defaults when the default file is missing, but refuses a missing file that was named", async () => {
    const missing = join(dir, "missing.json");
    expect(await loadBranding(missing, false)).toEqual(DEFAULT_BRANDING);
    await expect(loadBranding(missing, true)).rejects.toThrow(/cannot be read \(ENOENT\)/);
  });

  it("names the bad field and what it must be", () => {
    const check = (value: unknown) => () => validateBranding(value, "x.json");
    expect(check({ profileUrl: "javascript:alert(1)" })).toThrow(
      'Invalid config x.json: "profileUrl" must match ^https?://',
    );
    expect(check({ mascotImage: "mascot.png" })).toThrow('"mascotImage" must be a path on this server');
    expect(check({ title: "" })).toThrow('"title" must be at least 1 characters long');
    expect(check({ title: 7 })).toThrow('"title" must be a string');
    expect(check({ downloadPrefix: "../x" })).toThrow('"downloadPrefix" must match');
    expect(check({ colour: "red" })).toThrow('"colour" is not a known field');
    expect(check([])).toThrow("one JSON object");
  });

  it("accepts the community's hashtags and cashtags, and refuses what X would not read as tags", () => {
    expect(validateBranding({ hashtags: "$FRED #DrawFred" }, "x.json").hashtags).toBe("$FRED #DrawFred");
    expect(validateBranding({ hashtags: "#РисуйФреда" }, "x.json").hashtags).toBe("#РисуйФреда");
    const check = (value: unknown) => () => validateBranding({ hashtags: value }, "x.json");
    for (const bad of ["DrawFred", "#Draw Fred", "#DrawFred  $FRED", "#", "#a#b", ` #x`]) {
      expect(check(bad), bad).toThrow('"hashtags" must be tags that each start with # or $');
    }
    expect(check(`#${"x".repeat(50)}`)).toThrow('"hashtags" must be at most 50 characters long');
    expect(check(["#DrawFred"])).toThrow('"hashtags" must be a string');
  });

  it("accepts a community's stickers and names a bad one by its place in the list", () => {
    const stickers = [
      { name: "Hat", image: "/stickers/hat.svg" },
      { name: "Moon", image: "https://cdn.example/moon.png" },
    ];
    expect(validateBranding({ stickers }, "x.json").stickers).toEqual(stickers);
    const check = (value: unknown) => () => validateBranding({ stickers: value }, "x.json");
    expect(check([{ name: "Hat", image: "http://plain.example/hat.svg" }])).toThrow(
      '"stickers[0].image" must be a path',
    );
    expect(check([stickers[0], { name: "", image: "/x.svg" }])).toThrow(
      '"stickers[1].name" must be text of 1 to 40',
    );
    expect(check([{ name: "Hat", image: "/x.svg", size: 3 }])).toThrow(
      '"stickers[0].size" is not a known field',
    );
    expect(check({ name: "Hat" })).toThrow('"stickers" must be a list');
    expect(check([])).toThrow('"stickers" must hold 1 to 48');
  });

  it("checks the theme's colours and their contrast at start, and fills a colour left out", () => {
    const check = (value: unknown) => () => validateBranding({ theme: value }, "x.json");
    expect(check("green")).toThrow('"theme" must be an object');
    expect(check({ accent: "green" })).toThrow('"theme" accent must be a colour like "#1f7a3a"');
    expect(check({ accent: "#123", shade: "#fff" })).toThrow('unknown field "shade"');
    // Gold carries white text at 1.4:1: refused with the figure and what to change.
    expect(check({ accent: "#ffd700" })).toThrow(/white text on the accent #ffd700 a contrast of 1\.4\d:1/);
    expect(check({ background: "#556b5f" })).toThrow(/pick a darker accent or a lighter background/);
    const pink = validateBranding({ theme: { accent: "#b3245a" } }, "x.json");
    expect(pink.theme).toEqual({ accent: "#b3245a", background: DEFAULT_BRANDING.theme?.background });
  });
});
