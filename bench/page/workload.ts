import { BRUSH_SIZES, CANVAS_SIZE, PALETTE } from "../../src/common/constants.ts";

/** A point in the 600 x 600 drawing space. */
export interface BenchPoint {
  readonly x: number;
  readonly y: number;
}

/** One synthetic stroke: every system draws exactly these points with this colour and width. */
export interface BenchStroke {
  readonly colour: string;
  readonly width: number;
  readonly points: readonly BenchPoint[];
}

/** Points per synthetic stroke, as the targets ask: pointerdown at the first, a pointermove at each other. */
export const POINTS_PER_STROKE = 100;

const MARGIN = 4;

/** mulberry32: a tiny seeded PRNG, so every system and every run replays the very same strokes. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(items: readonly T[], random: () => number): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error("pick() needs a non-empty list");
  return item;
}

/**
 * A wandering hand-like path: the heading drifts a little each step and the step is 2..8 px, so points are
 * never closer than the engines' ~1 px skip distance and every move really draws.
 */
function wanderingPath(random: () => number): BenchPoint[] {
  let x = 40 + random() * (CANVAS_SIZE - 80);
  let y = 40 + random() * (CANVAS_SIZE - 80);
  let heading = random() * Math.PI * 2;
  const points: BenchPoint[] = [{ x, y }];
  while (points.length < POINTS_PER_STROKE) {
    heading += (random() - 0.5) * 0.8;
    const step = 2 + random() * 6;
    let nextX = x + Math.cos(heading) * step;
    let nextY = y + Math.sin(heading) * step;
    if (nextX < MARGIN || nextX > CANVAS_SIZE - MARGIN || nextY < MARGIN || nextY > CANVAS_SIZE - MARGIN) {
      // Turn back from the edge instead of sliding along it.
      heading += Math.PI;
      nextX = Math.min(CANVAS_SIZE - MARGIN, Math.max(MARGIN, x + Math.cos(heading) * step));
      nextY = Math.min(CANVAS_SIZE - MARGIN, Math.max(MARGIN, y + Math.sin(heading) * step));
    }
    x = nextX;
    y = nextY;
    points.push({ x, y });
  }
  return points;
}

/** `count` strokes from `seed`: sizes from the brush sizes, colours from the palette, both changing. */
export function syntheticStrokes(seed: number, count: number): BenchStroke[] {
  const random = seededRandom(seed);
  const strokes: BenchStroke[] = [];
  for (let index = 0; index < count; index += 1) {
    strokes.push({
      colour: pick(PALETTE, random).value,
      width: pick(BRUSH_SIZES, random),
      points: wanderingPath(random),
    });
  }
  return strokes;
}
