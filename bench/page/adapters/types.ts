import type { BenchStroke } from "../workload.ts";

/** What a restore measurement runs: the work that puts a saved drawing back on screen, and what it is. */
export interface RestorePlan {
  /** Human label printed next to the figure (e.g. "PNG decode + restoreDrawing"). */
  readonly label: string;
  /** True when the figure stands in for a feature not built yet. */
  readonly pending: boolean;
  readonly run: () => void | Promise<void>;
}

/**
 * One drawing system under test, mounted in the page. The bench only dispatches pointer events on
 * `target`, so every system does its own real work: coordinate mapping, smoothing, drawing, rendering.
 */
export interface BenchSystem {
  /** The element that receives the synthetic pointer events. */
  readonly target: Element;
  /**
   * True when the system paints a change in a later task than the call (React renders after the event),
   * so "on screen" needs one more frame after `settle()`.
   */
  readonly paintsLater: boolean;
  /** Brush for the next stroke; called outside the timed sections. */
  setStyle(stroke: BenchStroke): void;
  /** Bulk-loads strokes through the system's own API, or null to draw them with pointer events. */
  readonly load: ((strokes: readonly BenchStroke[]) => Promise<void>) | null;
  /**
   * Adds a caption and a sticker to the drawing through the page's own tools (Fanvas only), so the figures at
   * full drawing hold with them in it; called every DECORATE_EVERY strokes while the drawing is built up.
   */
  readonly decorate?: (index: number) => Promise<void>;
  /** Turns the brush cursor preview on or off (the cursor system only; outside the timed sections). */
  readonly setCursor?: (on: boolean) => void;
  /** One undo through the system's own API, or null when the system has none. */
  readonly undo: (() => void) | null;
  /** Turns the crash backup on or off (Fanvas only; see switchedForBackup in fanvas.ts). */
  readonly setBackup?: (on: boolean) => void;
  /** A fresh engine beside this one, ready to paint this drawing's whole log from its start (Fanvas only). */
  readonly prepareReplay?: () => Promise<ReplayPlan>;
  /** Resolves once deferred work of the last call has been committed to the DOM / canvas. */
  settle(): Promise<void>;
  /** Saves the current drawing, replaces this instance by a fresh one and returns the restore to time. */
  prepareRestore(): Promise<RestorePlan>;
  /** Share of the picture that is not white, 0..1: proves the strokes really landed. */
  inkedShare(): Promise<number>;
  destroy(): void;
}

/** A replay to time: how many operations it paints, the painting, and what to do after it. */
export interface ReplayPlan {
  readonly operations: number;
  readonly run: () => Promise<void>;
  readonly done: () => void;
}

/** Creates a system inside `host` (an empty 600 x 600 box). */
export type SystemFactory = (host: HTMLElement) => Promise<BenchSystem>;
