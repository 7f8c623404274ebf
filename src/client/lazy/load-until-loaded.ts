/**
 * Loading a chunk whose work this visit must not leave to the next one: the save pipeline, which sends the saves
 * an earlier visit could not deliver. A download that fails (the network dropped as the page settled, the
 * server restarting) is tried again instead of waiting for the visitor's next Save.
 */
import type { Timers } from "../persistence/timers.ts";
import type { LazyChunk } from "./lazy-chunk.ts";

/** The first wait before trying a failed download again; each failure doubles it, up to MAX_RETRY_WAIT_MS. */
export const FIRST_RETRY_WAIT_MS = 1_000;
export const MAX_RETRY_WAIT_MS = 60_000;

/** What the retries wait with; the page's are the window's timers and its `online` event. */
export interface RetryClock {
  readonly timers: Timers;
  /** Calls `listener` when the browser comes back online; returns the function that stops listening. */
  readonly whenOnline: (listener: () => void) => () => void;
}

/** The window's timers and `online` event. */
export function windowRetryClock(timers: Timers): RetryClock {
  return {
    timers,
    whenOnline: (listener) => {
      window.addEventListener("online", listener, { once: true });
      return () => window.removeEventListener("online", listener);
    },
  };
}

/**
 * Loads `chunk` and hands its module to `use`, once. A failed download is tried again when the browser comes
 * back online or after the wait (1 s, 2 s, 4 s … at most a minute), whichever comes first.
 */
export function loadUntilLoaded<Module>(
  chunk: LazyChunk<Module>,
  use: (module: Module) => void,
  clock: RetryClock,
): void {
  const attempt = (failures: number): void => {
    chunk.load().then(use, () => {
      const waitMs = Math.min(MAX_RETRY_WAIT_MS, FIRST_RETRY_WAIT_MS * 2 ** Math.min(failures, 16));
      let retried = false;
      const retry = (): void => {
        if (retried) return;
        retried = true;
        clock.timers.clear(timer);
        stopListening();
        attempt(failures + 1);
      };
      const timer = clock.timers.set(retry, waitMs);
      const stopListening = clock.whenOnline(retry);
    });
  };
  attempt(0);
}
