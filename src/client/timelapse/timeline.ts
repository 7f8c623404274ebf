/**
 * When each operation of a drawing appears in its timelapse: its real timing with the idle gaps taken out, then
 * the whole fitted into at most MAX_PLAYBACK_MS (a short doodle keeps its real speed). Pure: no DOM.
 */
import type { DrawingDocument, Operation } from "../../common/drawing-document/types.ts";

/** The longest a timelapse plays before it holds the finished picture. */
export const MAX_PLAYBACK_MS = 15_000;
/** A pause between two operations longer than this (the visitor thinking, away) is cut to it. */
export const MAX_GAP_MS = 300;
/** A caption, sticker, fill or Clear lands at once, then holds this long so it is seen before the next. */
export const LANDING_MS = 250;

/** One operation's place in the playback, in playback milliseconds from its start. */
export interface TimelineStep {
  readonly start: number;
  /** When it is complete: a stroke once its last point is drawn, anything else at its start. */
  readonly complete: number;
  /** A stroke's points' times (playback ms since the step's start), one per point; undefined for the rest. */
  readonly pointTimes?: readonly number[];
}

/** A drawing's playback: one step per operation, in the log's order. */
export interface Timeline {
  readonly steps: readonly TimelineStep[];
  /** Playback milliseconds until the last operation is complete (at most about MAX_PLAYBACK_MS). */
  readonly duration: number;
  /** Real milliseconds per playback millisecond: 1 for a drawing made within MAX_PLAYBACK_MS of drawing time. */
  readonly speed: number;
}

/** What the picture shows at one moment: operations fully painted, and the stroke being drawn, if any. */
export interface TimelineState {
  /** Operations 0 .. done - 1 are on the picture. */
  readonly done: number;
  /** The operation `done`, a stroke, drawn through this many of its points (at least 1); else undefined. */
  readonly partialPoints?: number;
}

/** Real milliseconds an operation takes: a stroke's last point's time; anything else lands, then holds. */
function realLength(operation: Operation): number {
  if (operation.kind !== "stroke") return LANDING_MS;
  const { elapsed } = operation.points;
  return elapsed[elapsed.length - 1] ?? 0;
}

/** The timeline of `document`'s operations. */
export function buildTimeline(document: DrawingDocument): Timeline {
  const real: { start: number; length: number; operation: Operation }[] = [];
  let cursor = 0;
  let previousEnd: number | undefined;
  for (const operation of document.operations) {
    const length = realLength(operation);
    // Operations' own times may go back (several clocks in a room): a gap is never negative.
    const gap =
      previousEnd === undefined ? 0 : Math.min(MAX_GAP_MS, Math.max(0, operation.time - previousEnd));
    cursor += gap;
    real.push({ start: cursor, length, operation });
    cursor += length;
    previousEnd = operation.time + length;
  }
  const speed = Math.max(1, cursor / MAX_PLAYBACK_MS);
  const steps = real.map(({ start, length, operation }): TimelineStep => {
    const at = start / speed;
    if (operation.kind !== "stroke") return { start: at, complete: at };
    const pointTimes = operation.points.elapsed.map((elapsed) => elapsed / speed);
    return { start: at, complete: at + length / speed, pointTimes };
  });
  return { steps, duration: cursor / speed, speed };
}

/** What is on the picture `at` playback milliseconds (clamped to the timeline). */
export function stateAt(timeline: Timeline, at: number): TimelineState {
  const { steps } = timeline;
  // Steps are in playback order: the first one not complete yet is found by bisection.
  let low = 0;
  let high = steps.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((steps[middle]?.complete ?? Number.POSITIVE_INFINITY) <= at) low = middle + 1;
    else high = middle;
  }
  const next = steps[low];
  if (next?.pointTimes === undefined || at < next.start) return { done: low };
  const since = at - next.start;
  let points = 1;
  while (points < next.pointTimes.length && (next.pointTimes[points] ?? 0) <= since) points += 1;
  return { done: low, partialPoints: points };
}
