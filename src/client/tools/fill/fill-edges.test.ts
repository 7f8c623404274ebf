import { describe, expect, it } from "vitest";
import { packRgb } from "../packed-colour.ts";
import { DEFAULT_FILL_TOLERANCE, filledColour, floodFill } from "./flood-fill.ts";

const RED = packRgb(255, 0, 0);

/** The red, green, blue and alpha channels of a packed pixel. */
function channels(pixel: number): [number, number, number, number] {
  return [pixel & 255, (pixel >>> 8) & 255, (pixel >>> 16) & 255, pixel >>> 24];
}

const SIZE = 64;

/** A SIZE x SIZE grey picture whose ink at each pixel is `coverage` (0 white to 1 black), as a canvas draws it. */
function greyPicture(coverage: (x: number, y: number) => number): Uint32Array {
  const pixels = new Uint32Array(SIZE * SIZE);
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const grey = Math.round(255 * (1 - coverage(x, y)));
      pixels[y * SIZE + x] = packRgb(grey, grey, grey);
    }
  }
  return pixels;
}

/** A red fill from the middle of `pixels` at the page's tolerance. */
const fillRedFromMiddle = (pixels: Uint32Array) =>
  floodFill({ width: SIZE, height: SIZE, pixels: pixels.slice() }, 32, 32, RED, DEFAULT_FILL_TOLERANCE);

describe("the fill's edges", () => {
  it("leaves no light halo: an anti-aliased black ring filled red inside gives red-to-black edges only", () => {
    const size = SIZE;
    const pixels = greyPicture((x, y) => {
      // A ring of radius 20 and width 6, with a one-pixel soft edge as a canvas would draw it.
      const distance = Math.abs(Math.hypot(x + 0.5 - 32, y + 0.5 - 32) - 20);
      return Math.min(1, Math.max(0, 3.5 - distance));
    });
    const marked = fillRedFromMiddle(pixels);
    const layer = marked.map((pixel) => filledColour(pixel, RED));
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        const index = y * size + x;
        if (Math.hypot(x + 0.5 - 32, y + 0.5 - 32) > 20) {
          expect(layer[index], `outside the ring at ${x},${y}`).toBe(0);
          continue;
        }
        const [red, green, blue] = channels(
          layer[index] === 0 ? (pixels[index] as number) : (layer[index] as number),
        );
        // Inside the ring every pixel is fill, ink, or a mix of the two: never lighter than the fill.
        expect(Math.max(green, blue), `green/blue at ${x},${y} (red ${red})`).toBeLessThanOrEqual(2);
      }
    }
  });

  it("leaves no light pixel on slanted edges, where anti-aliasing spans two pixels of a row", () => {
    // A diamond outline (45-degree edges, 4 px thick) with exact area coverage, as a canvas draws it.
    const size = SIZE;
    const SAMPLES = 8;
    const pixels = greyPicture((x, y) => {
      let covered = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const px = x + (sx + 0.5) / SAMPLES - 32.3;
          const py = y + (sy + 0.5) / SAMPLES - 31.8;
          if (Math.abs(Math.abs(px) + Math.abs(py) - 20) / Math.SQRT2 <= 2) covered++;
        }
      }
      return covered / SAMPLES ** 2;
    });
    const marked = fillRedFromMiddle(pixels);
    for (let index = 0; index < pixels.length; index++) {
      const x = index % size;
      const y = Math.floor(index / size);
      // Inside the outline's middle line: fill, ink, or their mix, with at most a trace (3%) of white.
      if (Math.abs(x + 0.5 - 32.3) + Math.abs(y + 0.5 - 31.8) > 20) continue;
      const layer = filledColour(marked[index] as number, RED);
      const [, green, blue] = channels(layer === 0 ? (pixels[index] as number) : layer);
      expect(Math.max(green, blue), `white in the pixel at ${x},${y}`).toBeLessThanOrEqual(8);
    }
  });
});
