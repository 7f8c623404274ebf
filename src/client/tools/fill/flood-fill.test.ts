import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type PackedImage, packRgb } from "../packed-colour.ts";
import { filledColour, floodFill } from "./flood-fill.ts";
import { markRegion } from "./span-scan.ts";

/** The red, green, blue and alpha channels of a packed pixel. */
function channels(pixel: number): [number, number, number, number] {
  return [pixel & 255, (pixel >>> 8) & 255, (pixel >>> 16) & 255, pixel >>> 24];
}

/** The largest difference of any one channel between two packed pixels: the reference's own fillable test. */
function channelDistance(a: number, b: number): number {
  const [ar, ag, ab, aa] = channels(a);
  const [br, bg, bb, ba] = channels(b);
  return Math.max(Math.abs(ar - br), Math.abs(ag - bg), Math.abs(ab - bb), Math.abs(aa - ba));
}

const RED = packRgb(255, 0, 0);
const WHITE = packRgb(255, 255, 255);

/** The 4-neighbours of a pixel that lie inside `image`, as [x, y, index]. */
function neighboursIn(image: PackedImage, x: number, y: number): [number, number, number][] {
  const around: [number, number][] = [
    [x - 1, y],
    [x + 1, y],
    [x, y - 1],
    [x, y + 1],
  ];
  return around
    .filter(([nx, ny]) => nx >= 0 && ny >= 0 && nx < image.width && ny < image.height)
    .map(([nx, ny]) => [nx, ny, ny * image.width + nx]);
}

/** The simplest correct flood fill: breadth-first over 4-neighbours, one pixel at a time. */
function referenceRegion(image: PackedImage, x: number, y: number, tolerance: number): Set<number> {
  const { pixels, width } = image;
  const target = pixels[y * width + x] as number;
  const region = new Set<number>([y * width + x]);
  const queue = [[x, y] as const];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    const [px, py] = next;
    for (const [nx, ny, index] of neighboursIn(image, px, py)) {
      if (region.has(index)) continue;
      if (channelDistance(pixels[index] as number, target) > tolerance) continue;
      region.add(index);
      queue.push([nx, ny]);
    }
  }
  return region;
}

/** Pixels 4-adjacent to the region and outside it. */
function referenceEdges(image: PackedImage, region: Set<number>): Set<number> {
  const edges = new Set<number>();
  for (const index of region) {
    const x = index % image.width;
    const y = (index - x) / image.width;
    for (const [, , neighbour] of neighboursIn(image, x, y)) {
      if (!region.has(neighbour)) edges.add(neighbour);
    }
  }
  return edges;
}

/** Random small pictures of a few flat colours and some in-between shades, like strokes with soft edges. */
const imageArbitrary = fc
  .record({ width: fc.integer({ min: 1, max: 24 }), height: fc.integer({ min: 1, max: 24 }) })
  .chain(({ width, height }) =>
    fc.record({
      width: fc.constant(width),
      height: fc.constant(height),
      values: fc.array(
        fc.oneof(
          fc.constantFrom(WHITE, packRgb(0, 0, 0), packRgb(0, 0, 255)),
          fc.integer({ min: 0, max: 255 }).map((grey) => packRgb(grey, grey, grey)),
        ),
        { minLength: width * height, maxLength: width * height },
      ),
      x: fc.integer({ min: 0, max: width - 1 }),
      y: fc.integer({ min: 0, max: height - 1 }),
      tolerance: fc.integer({ min: 0, max: 254 }),
    }),
  );

describe("flood fill", () => {
  it("fills exactly the region a breadth-first reference finds, and finds exactly its edge pixels", () => {
    fc.assert(
      fc.property(imageArbitrary, ({ width, height, values, x, y, tolerance }) => {
        const image = { width, height, pixels: Uint32Array.from(values) };
        const region = referenceRegion(image, x, y, tolerance);
        const edgePixels = referenceEdges(image, region);
        const { edges } = markRegion(image, x, y, tolerance);
        const marked = new Set(
          [...image.pixels.keys()].filter((index) => (image.pixels[index] as number) >>> 24 === 0),
        );
        expect(marked).toEqual(region);
        expect(new Set(edges)).toEqual(edgePixels);
      }),
      { numRuns: 500 },
    );
  });

  it("matches the reference on large ragged regions, where its kept buffers must grow, fill after fill", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.integer({ min: 55, max: 70 }),
        (seed, percentWhite) => {
          // Noise just above the percolation threshold: one region winding through the picture with
          // thousands of short spans and edge pixels, more than the scan keeps room for at first.
          const width = 160;
          const height = 140;
          let state = seed;
          const pixels = new Uint32Array(width * height).map(() => {
            state = (Math.imul(state, 48271) >>> 0) % 2147483647;
            return state % 100 < percentWhite ? WHITE : packRgb(0, 0, 0);
          });
          const image = { width, height, pixels };
          const x = seed % width;
          const y = seed % height;
          const region = referenceRegion(image, x, y, 0);
          const edgePixels = referenceEdges(image, region);
          const { edges } = markRegion({ ...image, pixels: pixels.slice() }, x, y, 0);
          expect(new Set(edges)).toEqual(edgePixels);
          const marked = floodFill({ ...image, pixels: pixels.slice() }, x, y, RED, 0);
          for (let index = 0; index < marked.length; index++)
            expect((marked[index] as number) >>> 24 === 0).toBe(region.has(index));
        },
      ),
      { numRuns: 20 },
    );
  });

  it("fills a comb with more teeth than the scan first keeps room for, twice over", () => {
    // A white back row and 1,500 one-pixel teeth below it: the back row's scan leaves 1,500 spans waiting.
    const width = 3000;
    const height = 4;
    const pixels = new Uint32Array(width * height).map((_, index) =>
      index < width || index % 2 === 0 ? WHITE : packRgb(0, 0, 255),
    );
    const image = { width, height, pixels };
    const region = referenceRegion(image, 7, 0, 0);
    for (let pass = 0; pass < 2; pass++) {
      const marked = floodFill({ ...image, pixels: pixels.slice() }, 7, 0, RED, 0);
      const filled = [...marked.keys()].filter((index) => (marked[index] as number) >>> 24 === 0);
      expect(new Set(filled)).toEqual(region);
    }
  });

  it("changes nothing beyond the region, its edge pixels and the pixels just behind them, never the clicked colour past a line", () => {
    fc.assert(
      fc.property(imageArbitrary, ({ width, height, values, x, y, tolerance }) => {
        const original = { width, height, pixels: Uint32Array.from(values) };
        const region = referenceRegion(original, x, y, tolerance);
        const edges = referenceEdges(original, region);
        const behind = referenceEdges(original, new Set([...region, ...edges]));
        const target = original.pixels[y * width + x] as number;
        const marked = floodFill({ ...original, pixels: original.pixels.slice() }, x, y, RED, tolerance);
        const layer = marked.map((pixel) => filledColour(pixel, RED));
        for (let index = 0; index < layer.length; index++) {
          if (region.has(index)) expect(layer[index]).toBe(RED);
          else if (edges.has(index)) expect(channels(layer[index] as number)[3]).toBe(255);
          else if (
            !behind.has(index) ||
            channelDistance(original.pixels[index] as number, target) <= tolerance
          )
            expect(layer[index], `pixel ${index} changed`).toBe(0);
          else if (layer[index] !== 0) expect(channels(layer[index] as number)[3]).toBe(255);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("a seed outside the picture fills nothing", () => {
    const image = { width: 2, height: 2, pixels: new Uint32Array(4).fill(WHITE) };
    expect([...floodFill(image, 5, 0, RED, 0).map((pixel) => filledColour(pixel, RED))]).toEqual([
      0, 0, 0, 0,
    ]);
  });
});
