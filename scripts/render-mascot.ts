/**
 * Renders the default mascot (public/mascot.svg) to the PNGs the page ships: public/mascot.png (600 x 600 canvas
 * background) and public/favicon.png (32 x 32 static icon, used when the run-time favicon cannot be drawn).
 * Run after editing the SVG: `node scripts/render-mascot.ts`. The PNGs are committed so a build never needs sharp.
 */
import { readFile, stat } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { CANVAS_SIZE, FAVICON_SIZE } from "../src/common/constants.ts";

const publicDir = fileURLToPath(new URL("../public/", import.meta.url));

/** The favicon shows the head only: the whole body would be an unreadable smudge at 32 px. */
const FAVICON_CROP = { left: 130, top: 80, width: 340, height: 340 } as const;

/** Renders the SVG at the canvas size, flattened on white so the PNG matches what the canvas shows. */
async function renderFullSize(svg: Buffer): Promise<Buffer> {
  return sharp(svg, { density: 72 })
    .resize(CANVAS_SIZE, CANVAS_SIZE)
    .flatten({ background: "#ffffff" })
    .png()
    .toBuffer();
}

/** Writes a palette PNG: the art has few flat colours, so quantising keeps the file small without visible loss. */
async function writePalettePng(image: ReturnType<typeof sharp>, path: string): Promise<void> {
  await image.png({ palette: true, colours: 128, dither: 0, compressionLevel: 9, effort: 10 }).toFile(path);
  const { size } = await stat(path);
  console.log(`wrote ${path} (${size} bytes)`);
}

/** Renders both PNGs from the SVG. */
async function main(): Promise<void> {
  const svg = await readFile(`${publicDir}mascot.svg`);
  const full = await renderFullSize(svg);
  await writePalettePng(sharp(full), `${publicDir}mascot.png`);
  await writePalettePng(
    sharp(full).extract(FAVICON_CROP).resize(FAVICON_SIZE, FAVICON_SIZE),
    `${publicDir}favicon.png`,
  );
}

await main();
