/** A hand-driven clock for the unit tests of whatever waits with Timers (save queue, backup, PNG encoder). */
import type { Timers } from "./timers.ts";

/**
 * Timers that fire only when the test calls `fire()` (all of them) or `fireDelay(ms)` (those set for that
 * delay); `pending()` and `delays()` show what is waiting.
 */
export function manualTimers(): Timers & {
  pending(): number;
  delays(): number[];
  fire(): void;
  fireDelay(delayMs: number): void;
} {
  const timers = new Map<number, { callback: () => void; delayMs: number }>();
  let next = 1;
  return {
    set(callback, delayMs) {
      timers.set(next, { callback, delayMs });
      return next++;
    },
    clear(handle) {
      timers.delete(handle as number);
    },
    pending: () => timers.size,
    delays: () => [...timers.values()].map((timer) => timer.delayMs),
    fire() {
      const due = [...timers.values()];
      timers.clear();
      for (const { callback } of due) callback();
    },
    fireDelay(delayMs) {
      const due = [...timers].filter(([, timer]) => timer.delayMs === delayMs);
      for (const [handle] of due) timers.delete(handle);
      for (const [, { callback }] of due) callback();
    },
  };
}
