/** Coalesces bursts of "the picture changed" into few backup writes, latest state winning. */

import type { Timers } from "./timers.ts";

/**
 * What started a write: the visitor rested for the delay, the maximum wait ran out while they kept busy, or a
 * flush (the page is being hidden).
 */
export type WriteCause = "rest" | "deadline" | "flush";

/** How a scheduler writes and what it reports. */
export interface WriteSchedulerOptions {
  /**
   * Quiet time before a write: with `maxWaitMs` longer, each request waits this long again and a postponement
   * holds it until the next request (the write comes once the visitor rests); without, it counts from the
   * first request of a burst.
   */
  readonly delayMs: number;
  /** However busy the visitor stays, a burst's first request is written within this long (default: delayMs). */
  readonly maxWaitMs?: number;
  /** Writes the state as it is when called (later requests are covered by a later call). */
  readonly write: (cause: WriteCause) => Promise<void>;
  readonly timers: Timers;
  /** A write failed; the next request still tries again. */
  readonly onError?: (error: unknown) => void;
  /** Called each time the scheduler goes idle with everything requested written (or failed). */
  readonly onSettled?: () => void;
}

/** The scheduler's handle. */
export interface WriteScheduler {
  /** The state changed: make sure a write starts after it (at most one runs at a time). */
  request(): void;
  /**
   * The visitor is busy (a stroke began): a waiting write is held until the next request (the stroke's end)
   * waits the delay again, or until its maximum wait. Nothing without a maximum wait longer than the delay.
   */
  postpone(): void;
  /** Start a pending write now instead of after the delay (e.g. the page is being hidden). */
  flush(): void;
  /** Stops scheduling; a write already running finishes, nothing starts after it. */
  dispose(): void;
  /** True while a write is waiting or running. */
  readonly busy: boolean;
}

type Phase =
  | { readonly kind: "idle" }
  /** `rest`: the quiet-time timer (null while held); `deadline`: the maximum wait's timer, or null for none. */
  | { readonly kind: "waiting"; readonly rest: unknown; readonly deadline: unknown }
  | { readonly kind: "writing"; readonly again: "no" | "later" | "now" }
  | { readonly kind: "disposed" };

/**
 * Latest-wins write scheduling: the first request of a burst starts waiting; requests while it waits are
 * absorbed (the write reads the newest state when it runs); requests while a write runs lead to exactly one
 * more write after it. With a maximum wait longer than the delay, requests and postponements push the write
 * back until the visitor has been quiet for the delay, and the maximum wait, which nothing pushes back, keeps
 * steady activity from starving the writes.
 */
export function createWriteScheduler(options: WriteSchedulerOptions): WriteScheduler {
  let phase: Phase = { kind: "idle" };
  const restarts = (options.maxWaitMs ?? 0) > options.delayMs;

  const stopWaiting = (waiting: { readonly rest: unknown; readonly deadline: unknown }): void => {
    if (waiting.rest !== null) options.timers.clear(waiting.rest);
    if (waiting.deadline !== null) options.timers.clear(waiting.deadline);
  };

  const writeNow = (cause: WriteCause): void => {
    if (phase.kind !== "waiting") return;
    stopWaiting(phase);
    startWrite(cause);
  };

  const startWrite = (cause: WriteCause): void => {
    phase = { kind: "writing", again: "no" };
    // The write is called in a later microtask so a write that throws synchronously is handled like a rejection.
    Promise.resolve()
      .then(() => options.write(cause))
      .catch((error: unknown) => options.onError?.(error))
      .finally(afterWrite);
  };

  const afterWrite = (): void => {
    if (phase.kind !== "writing") return;
    const again = phase.again;
    phase = { kind: "idle" };
    if (again === "now") startWrite("flush");
    else if (again === "later") wait();
    else options.onSettled?.();
  };

  const wait = (): void => {
    const rest = options.timers.set(() => writeNow("rest"), options.delayMs);
    const deadline = restarts ? options.timers.set(() => writeNow("deadline"), options.maxWaitMs ?? 0) : null;
    phase = { kind: "waiting", rest, deadline };
  };

  /** Takes the quiet time's timer away, holding the write; false when no write waits that a rest decides. */
  const holdRest = (): boolean => {
    if (phase.kind !== "waiting" || !restarts) return false;
    if (phase.rest !== null) options.timers.clear(phase.rest);
    phase = { ...phase, rest: null };
    return true;
  };

  /** Waits the quiet time again from now; the deadline stays where it was. */
  const restartRest = (): void => {
    if (holdRest() && phase.kind === "waiting")
      phase = { ...phase, rest: options.timers.set(() => writeNow("rest"), options.delayMs) };
  };

  return {
    request(): void {
      if (phase.kind === "idle") wait();
      else if (phase.kind === "waiting") restartRest();
      else if (phase.kind === "writing" && phase.again === "no") phase = { kind: "writing", again: "later" };
    },
    postpone(): void {
      holdRest();
    },
    flush(): void {
      if (phase.kind === "waiting") {
        writeNow("flush");
      } else if (phase.kind === "writing" && phase.again === "later") {
        phase = { kind: "writing", again: "now" };
      }
    },
    dispose(): void {
      if (phase.kind === "waiting") stopWaiting(phase);
      phase = { kind: "disposed" };
    },
    get busy(): boolean {
      return phase.kind === "waiting" || phase.kind === "writing";
    },
  };
}
