import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { cardFontFile, woffToSfnt } from "./card-font.ts";

/** The TrueType checksum of a table: its big-endian 32-bit words summed, the last one padded with zeros. */
function checksum(data: Buffer): number {
  const padded = Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)]);
  let sum = 0;
  for (let offset = 0; offset < padded.length; offset += 4) sum = (sum + padded.readUInt32BE(offset)) >>> 0;
  return sum;
}

describe("the card's font file", () => {
  it("unpacks the display face's WOFF into a TrueType file whose every table matches its checksum", async () => {
    const woff = await readFile(
      fileURLToPath(import.meta.resolve("@fontsource/fredoka/files/fredoka-latin-600-normal.woff")),
    );
    const font = woffToSfnt(woff);
    expect(font.readUInt32BE(0)).toBe(woff.readUInt32BE(4));
    const count = font.readUInt16BE(4);
    expect(count).toBe(woff.readUInt16BE(12));
    for (let index = 0; index < count; index += 1) {
      const entry = 12 + index * 16;
      const tag = font.subarray(entry, entry + 4).toString("latin1");
      const offset = font.readUInt32BE(entry + 8);
      const length = font.readUInt32BE(entry + 12);
      expect(offset % 4, tag).toBe(0);
      // The head table's checksum field is adjusted for the whole file, so its own sum cannot match.
      if (tag !== "head")
        expect(checksum(font.subarray(offset, offset + length)), tag).toBe(font.readUInt32BE(entry + 4));
    }
    expect(() => woffToSfnt(Buffer.from("not a font at all, not a font at all, not a font"))).toThrow(
      "not a WOFF",
    );
  });

  it("is written once, whole, where every process finds it", async () => {
    const file = await cardFontFile();
    expect(file).toMatch(/fanvas-fredoka-600-[0-9a-f]{16}\.ttf$/);
    expect(await cardFontFile()).toBe(file);
    expect((await readFile(file ?? "")).readUInt32BE(0)).toBe(0x00010000);
  });
});
