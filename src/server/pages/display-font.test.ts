import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { displayFontFace } from "./display-font.ts";

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function clientDirWith(files: readonly string[]): string {
  const dir = mkdtempSync(join(tmpdir(), "fanvas-font-"));
  made.push(dir);
  mkdirSync(join(dir, "assets"));
  for (const file of files) writeFileSync(join(dir, "assets", file), "");
  return dir;
}

describe("displayFontFace", () => {
  it("points at the built display face among the other assets", () => {
    const dir = clientDirWith([
      "index-Ab12.js",
      "anton-caption-Zz9.woff2",
      "fredoka-latin-600-normal-C4zo_hW5.woff2",
    ]);
    expect(displayFontFace(dir)).toBe(
      '@font-face{font-family:Fredoka;font-style:normal;font-weight:600;font-display:swap;src:url("/assets/fredoka-latin-600-normal-C4zo_hW5.woff2") format("woff2")}\n',
    );
  });

  it("is empty without a build or without the face in it, so the pages fall back to the system's face", () => {
    expect(displayFontFace(join(tmpdir(), "fanvas-no-such-build"))).toBe("");
    expect(displayFontFace(clientDirWith(["index-Ab12.js"]))).toBe("");
  });
});
