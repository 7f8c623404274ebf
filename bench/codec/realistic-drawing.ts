/**
 * Realistic drawings made of data, for measuring the drawing document's encoding: strokes as a hand makes them
 * with a mouse, a finger or a pen (samples at 60-120 Hz along smooth curves, sped up and slowed down as a hand
 * does, with a little tremor, on the pointer's own pixel grid, closer points dropped as the engine drops them),
 * a pen's pressure, pauses between strokes, and a few captions, stickers and fills.
 */
import { BRUSH_SIZES, CANVAS_SIZE, PALETTE } from "../../src/common/constants.ts";
import { toStrokePoint, toStrokePoints } from "../../src/common/drawing-document/stroke-point.ts";
import type {
  DrawingDocument,
  Operation,
  StrokeOperation,
  StrokePoint,
} from "../../src/common/drawing-document/types.ts";
import { seededRandom } from "../page/workload.ts";

type Random = () => number;

/** A pointer as the browser reports it: how often, on what grid of drawing pixels, with pressure or not. */
interface Device {
  readonly hz: number;
  /** Drawing pixels per reported step (a CSS pixel, or a device pixel, scaled to the drawing). */
  readonly step: number;
  readonly pen: boolean;
}

interface Position {
  readonly x: number;
  readonly y: number;
}

function between(random: Random, low: number, high: number): number {
  return low + random() * (high - low);
}

function pickFrom<T>(items: readonly T[], random: Random): T {
  return items[Math.floor(random() * items.length)] as T;
}

/** A normally distributed number (Box-Muller). */
function gaussian(random: Random): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/** Mouse on a desktop canvas of 520-600 CSS px; a finger on a phone at ratio 3; a pen on a tablet at ratio 2. */
function pickDevice(random: Random): Device {
  const kind = random();
  const hz = pickFrom([60, 90, 120], random);
  if (kind < 0.5) return { hz, step: CANVAS_SIZE / between(random, 520, 600), pen: false };
  if (kind < 0.75) return { hz, step: CANVAS_SIZE / 358 / 3, pen: false };
  return { hz, step: CANVAS_SIZE / 500 / 2, pen: true };
}

/** Catmull-Rom through `waypoints` at t (0 .. waypoints - 1). */
function spline(waypoints: readonly Position[], t: number): Position {
  const index = Math.min(waypoints.length - 2, Math.floor(t));
  const u = t - index;
  const at = (i: number) => waypoints[Math.max(0, Math.min(waypoints.length - 1, i))] as Position;
  const [a, b, c, d] = [at(index - 1), at(index), at(index + 1), at(index + 2)];
  const blend = (p0: number, p1: number, p2: number, p3: number) =>
    0.5 *
    (2 * p1 +
      (-p0 + p2) * u +
      (2 * p0 - 5 * p1 + 4 * p2 - p3) * u * u +
      (-p0 + 3 * p1 - 3 * p2 + p3) * u ** 3);
  return { x: blend(a.x, b.x, c.x, d.x), y: blend(a.y, b.y, c.y, d.y) };
}

/** The curve a stroke follows: 2-6 waypoints wandering from a start, 10-120 px apart. */
function strokePath(random: Random): Position[] {
  let x = between(random, 40, CANVAS_SIZE - 40);
  let y = between(random, 40, CANVAS_SIZE - 40);
  let heading = random() * Math.PI * 2;
  const waypoints: Position[] = [{ x, y }];
  const count = 2 + Math.floor(random() * 5);
  for (let index = 1; index < count; index += 1) {
    heading += between(random, -1.6, 1.6);
    const length = between(random, 10, 120);
    x = Math.min(CANVAS_SIZE - 5, Math.max(5, x + Math.cos(heading) * length));
    y = Math.min(CANVAS_SIZE - 5, Math.max(5, y + Math.sin(heading) * length));
    waypoints.push({ x, y });
  }
  return waypoints;
}

/** Where along the path a hand is at `fraction` of the stroke's time: slow start, fast middle, slow end. */
function minimumJerk(fraction: number): number {
  return 10 * fraction ** 3 - 15 * fraction ** 4 + 6 * fraction ** 5;
}

/** The kept points of one stroke drawn with `device` along a fresh path. */
function strokePoints(random: Random, device: Device): StrokePoint[] {
  const waypoints = strokePath(random);
  const fine: Position[] = [];
  for (let t = 0; t <= waypoints.length - 1; t += 0.02) fine.push(spline(waypoints, t));
  let length = 0;
  for (let index = 1; index < fine.length; index += 1) {
    const [a, b] = [fine[index - 1] as Position, fine[index] as Position];
    length += Math.hypot(b.x - a.x, b.y - a.y);
  }
  const durationMs = Math.max(30, (length / between(random, 150, 800)) * 1000);
  const samples = Math.max(1, Math.round((durationMs / 1000) * device.hz));
  const peakPressure = between(random, 0.35, 0.9);
  const kept: StrokePoint[] = [];
  for (let sample = 0; sample <= samples; sample += 1) {
    const fraction = sample / samples;
    const along = minimumJerk(fraction) * (fine.length - 1);
    const at = fine[Math.min(fine.length - 1, Math.round(along))] as Position;
    const onGrid = (value: number) =>
      Math.round((value + gaussian(random) * 0.3) / device.step) * device.step;
    const elapsed = (sample * 1000) / device.hz + between(random, -0.5, 0.5);
    const pressure = device.pen
      ? Math.fround(0.1 + peakPressure * Math.sin(Math.PI * fraction) ** 0.4 + gaussian(random) * 0.01)
      : undefined;
    const point = toStrokePoint(onGrid(at.x), onGrid(at.y), pressure, elapsed, kept.at(-1)?.elapsed ?? 0);
    const last = kept.at(-1);
    if (last === undefined || Math.hypot(point.x - last.x, point.y - last.y) >= 1) kept.push(point);
  }
  return kept;
}

/** One stroke beginning at `time`; a tap (one point) now and then. */
function stroke(random: Random, time: number): StrokeOperation {
  const device = pickDevice(random);
  const tap = random() < 0.04;
  const points = tap
    ? (strokePoints(random, device).slice(0, 1) as StrokePoint[])
    : strokePoints(random, device);
  return {
    kind: "stroke",
    author: 0,
    time,
    style: {
      colour: pickFrom(PALETTE, random).value,
      width: pickFrom(BRUSH_SIZES, random),
      eraser: random() < 0.1,
    },
    points: toStrokePoints(tap ? points.map((point) => ({ ...point, elapsed: 0 })) : points),
    dot: tap || random() < 0.3,
  };
}

/** A caption, a sticker or a fill, as the tools make them. */
function toolOperation(random: Random, time: number): Operation {
  const kind = random();
  if (kind < 0.35) {
    const size = 56 * between(random, 0.6, 1);
    const x = between(random, 150, 450);
    return {
      kind: "caption",
      author: 0,
      time,
      lines: [
        { text: "GM FRENS", x, baseline: between(random, 80, 300) },
        { text: "WAGMI", x, baseline: between(random, 350, 560) },
      ],
      size,
      colour: "#ffffff",
      outlineColour: "#000000",
      outlineWidth: size * 0.16,
      align: "center",
    };
  }
  if (kind < 0.7) {
    return {
      kind: "sticker",
      author: 0,
      time,
      sticker: pickFrom(["crown", "party-hat", "sunglasses", "rocket", "hearts"], random),
      x: between(random, 80, 520),
      y: between(random, 80, 520),
      size: between(random, 80, 300),
      rotation: between(random, -0.6, 0.6),
    };
  }
  return {
    kind: "fill",
    author: 0,
    time,
    x: Math.floor(between(random, 0, CANVAS_SIZE)),
    y: Math.floor(between(random, 0, CANVAS_SIZE)),
    colour: pickFrom(PALETTE, random).value,
    tolerance: 48,
  };
}

/** A drawing of `strokes` strokes over the mascot from `seed`, with a tool's operation for every 40 strokes. */
export function realisticDrawing(strokes: number, seed = 29): DrawingDocument {
  const random = seededRandom(seed);
  const operations: Operation[] = [];
  let time = 0;
  for (let index = 0; index < strokes; index += 1) {
    const made = stroke(random, time);
    operations.push(made);
    time += (made.points.elapsed.at(-1) ?? 0) + Math.round(between(random, 150, 2500));
    if (random() < 1 / 40) {
      operations.push(toolOperation(random, time));
      time += Math.round(between(random, 2000, 8000));
    }
  }
  return { start: { kind: "mascot" }, operations };
}

/** How many stroke points a document holds. */
export function pointCount(document: DrawingDocument): number {
  let count = 0;
  for (const operation of document.operations)
    if (operation.kind === "stroke") count += operation.points.x.length;
  return count;
}
