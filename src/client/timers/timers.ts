/** The timer functions the save queue and the backup scheduler wait with. */

/** Timer functions; the page passes the window's, tests a hand-driven clock. */
export interface Timers {
  set(callback: () => void, delayMs: number): unknown;
  clear(handle: unknown): void;
}

/** The window's own timers. */
export const windowTimers: Timers = {
  set: (callback, delayMs) => setTimeout(callback, delayMs),
  clear: (handle) => clearTimeout(handle as number),
};
