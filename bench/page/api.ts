import type { FillTimes } from "./fill-bench.ts";
import type { PageSave } from "./save-bench.tsx";
import type { TimelapseFigures, TimelapseRuns } from "./timelapse-bench.ts";

/** The systems the bench page can mount; "harness" is the empty baseline. */
export const SYSTEM_NAMES = [
  "fanvas",
  "fanvas-zoomed",
  "fanvas-cursor",
  "signature_pad",
  "react-sketch-canvas",
  "floor",
  "harness",
] as const;

export type SystemName = (typeof SYSTEM_NAMES)[number];

/** A timed restore and what was timed. */
export interface RestoreResult {
  readonly ms: number;
  readonly label: string;
  readonly pending: boolean;
}

/** What the bench page exposes on `window.fanvasBench` for the runner to drive. */
export interface BenchApi {
  /** Mounts one system (one per page load, so systems never share a heap or a frame). */
  mount(system: SystemName): Promise<void>;
  /** Sets the brush of probe stroke `index` (kept out of the timed section). */
  prepareProbe(index: number): void;
  /** Draws probe stroke `index` paced by frames (see drawStrokeOverFrames); returns frame timestamps. */
  drawProbe(index: number, movesPerFrame: number, trailingFrames: number): Promise<number[]>;
  /** Turns the brush cursor preview on or off (fanvas-cursor only), then waits a frame for it to apply. */
  setCursor(on: boolean): Promise<void>;
  /** Draws the first `count` workload strokes; returns how many ms it took (informative only). */
  prefill(count: number): Promise<number>;
  /**
   * Undoes up to `times` strokes one at a time (fewer once one takes over UNDO_REPEAT_LIMIT_MS) and returns
   * each one's ms until on screen; null when the system has no undo.
   */
  undo(times: number): Promise<number[] | null>;
  /** Turns the crash backup on or off (Fanvas), then waits a frame. */
  setBackup(on: boolean): Promise<void>;
  /** Times painting the whole drawing's log from its start on a fresh engine (Fanvas); null for the others. */
  replay(): Promise<{ readonly ms: number; readonly operations: number } | null>;
  /** Saves, remounts fresh and times putting the drawing back on screen. */
  restore(): Promise<RestoreResult>;
  /** Share of non-white pixels: a sanity check that the strokes landed. */
  inkedShare(): Promise<number>;
  /** Times the fill of the default canvas's background against the reference scanline fill (see fill-bench.ts). */
  fillBench(reps: number): Promise<FillTimes>;
  /** Measures the timelapse of the drawing whose log `making` holds (base64): bench/page/timelapse-bench.ts. */
  timelapse(making: string, runs: TimelapseRuns): Promise<TimelapseFigures>;
  /** The PNG (base64) the page would save for the drawing whose log `making` holds (base64). */
  finishedPng(making: string): Promise<string>;
  /** Mounts a fresh engine and the page's Save function on it (bench/page/save-bench.tsx). */
  mountSaves(): Promise<void>;
  /** Shows the drawing whose log `making` holds (base64) on the mounted engine, as its log. */
  showDrawing(making: string): Promise<void>;
  /** Times one Save of the drawing on screen (with a new dot placed by `index`), with its log or without. */
  timeSave(withLog: boolean, index: number): Promise<PageSave>;
}
