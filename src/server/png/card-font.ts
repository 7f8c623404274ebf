/**
 * The display face (Fredoka, from @fontsource/fredoka, SIL OFL 1.1) as a file sharp's text renderer can load.
 * The package ships WOFF and WOFF2 only, and the fontconfig inside sharp reads neither from a file: the WOFF's
 * tables are unpacked into a plain TrueType file in the temporary folder, named by its content's hash, so every
 * process (and every start) shares one file and none is left behind per run.
 */
import { createHash, randomUUID } from "node:crypto";
import { readFile, rename, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { inflateSync } from "node:zlib";

/** The face's family name inside the file, for a Pango font description. */
export const CARD_FONT_FAMILY = "Fredoka SemiBold";

const WOFF = "@fontsource/fredoka/files/fredoka-latin-600-normal.woff";
const WOFF_SIGNATURE = 0x774f4646; // "wOFF"
const WOFF_HEADER = 44;
const WOFF_ENTRY = 20;
const SFNT_HEADER = 12;
const SFNT_ENTRY = 16;

let converted: Promise<string | undefined> | undefined;

/** The TrueType file's path, or undefined when the face cannot be had (text then falls back to a system face). */
export function cardFontFile(): Promise<string | undefined> {
  converted ??= writeTrueType().catch(() => undefined);
  return converted;
}

async function writeTrueType(): Promise<string> {
  const font = woffToSfnt(await readFile(fileURLToPath(import.meta.resolve(WOFF))));
  const hash = createHash("sha256").update(font).digest("hex").slice(0, 16);
  const file = join(tmpdir(), `fanvas-fredoka-600-${hash}.ttf`);
  // Written whole under a name of its own, then renamed: a process reading the file never sees half of it.
  const partial = `${file}.${randomUUID()}`;
  await writeFile(partial, font);
  await rename(partial, file);
  return file;
}

/** A WOFF 1.0 file's font as the TrueType/OpenType file it wraps (tables inflated, directory rebuilt). */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== WOFF_SIGNATURE) throw new Error("not a WOFF 1.0 file");
  const flavor = woff.readUInt32BE(4);
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, index) => {
    const entry = WOFF_HEADER + index * WOFF_ENTRY;
    const offset = woff.readUInt32BE(entry + 4);
    const packed = woff.readUInt32BE(entry + 8);
    const length = woff.readUInt32BE(entry + 12);
    const stored = woff.subarray(offset, offset + packed);
    return {
      tag: woff.readUInt32BE(entry),
      checksum: woff.readUInt32BE(entry + 16),
      data: packed < length ? inflateSync(stored) : stored,
    };
  });
  const log2 = Math.floor(Math.log2(count));
  const searchRange = 2 ** log2 * SFNT_ENTRY;
  const directory = Buffer.alloc(SFNT_HEADER + count * SFNT_ENTRY);
  directory.writeUInt32BE(flavor, 0);
  directory.writeUInt16BE(count, 4);
  directory.writeUInt16BE(searchRange, 6);
  directory.writeUInt16BE(log2, 8);
  directory.writeUInt16BE(count * SFNT_ENTRY - searchRange, 10);
  const parts: Buffer[] = [directory];
  let offset = directory.length;
  tables.forEach((table, index) => {
    const entry = SFNT_HEADER + index * SFNT_ENTRY;
    directory.writeUInt32BE(table.tag, entry);
    directory.writeUInt32BE(table.checksum, entry + 4);
    directory.writeUInt32BE(offset, entry + 8);
    directory.writeUInt32BE(table.data.length, entry + 12);
    // Tables start on 4-byte boundaries.
    const padding = (4 - (table.data.length % 4)) % 4;
    parts.push(table.data, Buffer.alloc(padding));
    offset += table.data.length + padding;
  });
  return Buffer.concat(parts);
}
