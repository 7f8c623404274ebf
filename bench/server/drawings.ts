import { readFile } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import { BRUSH_SIZES, CANVAS_SIZE, PALETTE } from "../../src/common/constants.ts";
import { seededRandom } from "../page/workload.ts";

const MASCOT = join(import.meta.dirname, "..", "..", "public", "mascot.png");
/** How many drawings sharp renders at once: enough to keep both cores busy, few enough to bound memory. */
const BATCH = 16;

/** One freehand stroke as an SVG path: a wandering line of 20-120 points, 2-8 px apart. */
function strokePath(next: () => number): string {
  const colour = PALETTE[Math.floor(next() * PALETTE.length)]?.value ?? "#000000";
  const width = BRUSH_SIZES[Math.floor(next() * BRUSH_SIZES.length)] ?? 3;
  let [x, y] = [next() * CANVAS_SIZE, next() * CANVAS_SIZE];
  let heading = next() * Math.PI * 2;
  const points: string[] = [`M${x.toFixed(1)} ${y.toFixed(1)}`];
  const count = 20 + Math.floor(next() * 100);
  for (let point = 0; point < count; point += 1) {
    heading += (next() - 0.5) * 0.8;
    const step = 2 + next() * 6;
    x = Math.min(CANVAS_SIZE, Math.max(0, x + Math.cos(heading) * step));
    y = Math.min(CANVAS_SIZE, Math.max(0, y + Math.sin(heading) * step));
    points.push(`L${x.toFixed(1)} ${y.toFixed(1)}`);
  }
  return `<path d="${points.join("")}" stroke="${colour}" stroke-width="${width}" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`;
}

/** The strokes of drawing `index` (5-40 of them, as a visitor might draw) as a transparent SVG overlay. */
function strokesSvg(index: number): Buffer {
  // The page bench's seeded PRNG, so every run measures the same pixels.
  const next = seededRandom(index + 1);
  const strokes = 5 + Math.floor(next() * 36);
  const paths = Array.from({ length: strokes }, () => strokePath(next)).join("");
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CANVAS_SIZE}" height="${CANVAS_SIZE}">${paths}</svg>`,
  );
}

/**
 * The page's canvas before any stroke: white, with the mascot mirrored over it (as the engine paints it),
 * as raw RGBA.
 */
async function background(): Promise<Buffer> {
  const mascot = await sharp(await readFile(MASCOT))
    .resize(CANVAS_SIZE, CANVAS_SIZE)
    .flop()
    .ensureAlpha()
    .png()
    .toBuffer();
  return sharp({
    create: { width: CANVAS_SIZE, height: CANVAS_SIZE, channels: 4, background: "#ffffff" },
  })
    .composite([{ input: mascot }])
    .png()
    .toBuffer();
}

/**
 * Drawing number `index` as the page uploads it: strokes over the mascot, an 8-bit RGBA PNG at zlib's
 * default level 6 with adaptive filtering (roughly what Chromium's canvas.toBlob writes).
 */
async function drawing(base: Buffer, index: number): Promise<Buffer> {
  return sharp(base)
    .composite([{ input: strokesSvg(index) }])
    .ensureAlpha()
    .png({ compressionLevel: 6, adaptiveFiltering: true, palette: false })
    .toBuffer();
}

/** `count` distinct realistic drawings (0 .. count-1), rendered once for the whole bench. */
export async function realisticDrawings(count: number): Promise<Buffer[]> {
  const base = await background();
  const drawings: Buffer[] = [];
  for (let start = 0; start < count; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, count - start) }, (_, offset) =>
      drawing(base, start + offset),
    );
    drawings.push(...(await Promise.all(batch)));
  }
  return drawings;
}
