/** Timing the decoder: wall-clock and CPU milliseconds of single calls, interleaved across documents. */
import { decodeDrawing } from "../../src/common/drawing-document/decode.ts";
import { median } from "../stats.ts";

/** A document to decode, by name. */
export interface TimedInput {
  readonly name: string;
  readonly bytes: Uint8Array;
}

/** One input's figures: each run's median call (wall and CPU), and the fastest and slowest calls of all. */
export interface DecodeTimes {
  readonly wall: number[];
  readonly cpu: number[];
  fastest: number;
  slowest: number;
}

/** Calls per input per run; a run's figure is their median. */
const CALLS = 5;

/** One call's wall-clock and CPU (user + system of this process) milliseconds. */
function timeOne(bytes: Uint8Array, stickers: ReadonlySet<string>): { wall: number; cpu: number } {
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  decodeDrawing(bytes, { stickers });
  const wall = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  return { wall, cpu: (cpu.user + cpu.system) / 1000 };
}

/**
 * Decodes every input CALLS times a run, `runs` runs, inputs interleaved within a run after one warm-up round.
 * CPU time is reported beside wall-clock time because the machine is shared: another process's load lengthens
 * the wall clock (the call waits for a core), not the work; the garbage collector's helper threads count in
 * CPU time too, so on a quiet machine it is the larger of the two.
 */
export function timeDecoding(
  inputs: readonly TimedInput[],
  stickers: ReadonlySet<string>,
  runs: number,
): Map<string, DecodeTimes> {
  const results = new Map<string, DecodeTimes>(
    inputs.map((input) => [input.name, { wall: [], cpu: [], fastest: Number.POSITIVE_INFINITY, slowest: 0 }]),
  );
  for (const input of inputs) timeOne(input.bytes, stickers);
  for (let run = 0; run < runs; run += 1) {
    for (const input of inputs) {
      const calls = Array.from({ length: CALLS }, () => timeOne(input.bytes, stickers));
      const result = results.get(input.name);
      if (result === undefined) continue;
      result.wall.push(median(calls.map((call) => call.wall)));
      result.cpu.push(median(calls.map((call) => call.cpu)));
      result.fastest = Math.min(result.fastest, ...calls.map((call) => call.wall));
      result.slowest = Math.max(result.slowest, ...calls.map((call) => call.wall));
    }
  }
  return results;
}
