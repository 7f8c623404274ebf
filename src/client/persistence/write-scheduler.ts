/** Coalesces bursts of "the picture changed" into few backup writes, latest state winning. */

import type { Timers } from "./timers.ts";

/** How a scheduler writes and what it reports. */
export interface WriteSchedulerOptions {
  /** Wait after the first request of a burst before writing, so the work stays off the pointer path. */
  readonly delayMs: number;
  /** Writes the state as it is when called (later requests are covered by a later call). */
  readonly write: () => Promise<void>;
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
  /** Start a pending write now instead of after the delay (e.g. the page is being hidden). */
  flush(): void;
  /** Stops scheduling; a write already running finishes, nothing starts after it. */
  dispose(): void;
  /** True while a write is waiting or running. */
  readonly busy: boolean;
}

type Phase =
  | { readonly kind: "idle" }
  | { readonly kind: "waiting"; readonly timer: unknown }
  | { readonly kind: "writing"; readonly again: "no" | "later" | "now" }
  | { readonly kind: "disposed" };

/**
 * Latest-wins write scheduling: the first request of a burst starts a timer; requests while it waits are
 * absorbed (the write reads the newest state when it runs); requests while a write runs lead to exactly one
 * more write after it. The timer is not restarted by new requests, so steady drawing cannot starve backups.
 */
export function createWriteScheduler(options: WriteSchedulerOptions): WriteScheduler {
  let phase: Phase = { kind: "idle" };

  const startWrite = (): void => {
    phase = { kind: "writing", again: "no" };
    // The write is called in a later microtask so a write that throws synchronously is handled like a rejection.
    Promise.resolve()
      .then(options.write)
      .catch((error: unknown) => options.onError?.(error))
      .finally(afterWrite);
  };

  const afterWrite = (): void => {
    if (phase.kind !== "writing") return;
    const again = phase.again;
    phase = { kind: "idle" };
    if (again === "now") startWrite();
    else if (again === "later") wait();
    else options.onSettled?.();
  };

  const wait = (): void => {
    const timer = options.timers.set(() => {
      if (phase.kind === "waiting") startWrite();
    }, options.delayMs);
    phase = { kind: "waiting", timer };
  };

  return {
    request(): void {
      if (phase.kind === "idle") wait();
      else if (phase.kind === "writing" && phase.again === "no") phase = { kind: "writing", again: "later" };
    },
    flush(): void {
      if (phase.kind === "waiting") {
        options.timers.clear(phase.timer);
        startWrite();
      } else if (phase.kind === "writing" && phase.again === "later") {
        phase = { kind: "writing", again: "now" };
      }
    },
    dispose(): void {
      if (phase.kind === "waiting") options.timers.clear(phase.timer);
      phase = { kind: "disposed" };
    },
    get busy(): boolean {
      return phase.kind === "waiting" || phase.kind === "writing";
    },
  };
}
