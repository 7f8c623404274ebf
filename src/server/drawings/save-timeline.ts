// Where one save's time goes, measured as it happens: /metrics reports each part as
// fanvas_save_phase_seconds{phase}, and `npm run bench` reads the breakdown from there (BENCHMARKS.md).

/**
 * The parts of a save, in the order they happen. body: the upload arriving (from the request's start to its
 * parsed body); checks: the route's schema, limits and hooks; validate: validateDrawingPng; hash: SHA-256 of
 * the upload; store: the insert, from asking the store to its durable commit (waiting for the writer, the
 * statements and the flush; the store reports those three itself); announce: the `added` event (the wall's
 * streams, the worker's wake-up and, on PostgreSQL, the other processes' NOTIFY); answer: from the handler's
 * answer to the last byte handed to the socket.
 */
export const SAVE_PHASES = ["body", "checks", "validate", "hash", "store", "announce", "answer"] as const;

/** One part of a save's time. */
export type SavePhase = (typeof SAVE_PHASES)[number];

/** A save's clock: each mark closes the phase that ran since the previous mark (a repeated phase adds up). */
export class SaveTimeline {
  readonly #durations = new Map<SavePhase, number>();
  #last: number;

  /** Starts the clock at `startedAt` (performance.now() milliseconds); now by default. */
  constructor(startedAt: number = performance.now()) {
    this.#last = startedAt;
  }

  /** Ends `phase` now: the time since the previous mark is added to it. */
  mark(phase: SavePhase): void {
    const now = performance.now();
    this.#durations.set(phase, (this.#durations.get(phase) ?? 0) + (now - this.#last));
    this.#last = now;
  }

  /** Milliseconds per phase that was marked. */
  durations(): ReadonlyMap<SavePhase, number> {
    return this.#durations;
  }
}
