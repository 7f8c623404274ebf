/**
 * Loading a chunk whose work this visit must not leave to the next one: the save pipeline, which sends the saves
 * an earlier visit could not deliver. A download that fails (the network dropped as the page settled, the
 * server restarting) is tried again instead of waiting for the visitor's next Save.
 */

import { backoffDelayMs } from "../save/backoff.ts";
import type { Timers } from "../timers/timers.ts";
import type { LazyChunk } from "./lazy-chunk.ts";

/** What the retries wait with; the page's are the window's timers, its `online` event and Math.random. */
export interface RetryClock {
  readonly timers: Timers;
  /** Calls `listener` when the browser comes back online; returns the function that stops listening. */
  readonly whenOnline: (listener: () => void) => () => void;
  /** In [0, 1): the backoff's jitter. */
  readonly random: () => number;
}

/** The window's timers and `online` event. */
export function windowRetryClock(timers: Timers): RetryClock {
  return {
    timers,
    whenOnline: (listener) => {
      window.addEventListener("online", listener, { once: true });
      return () => window.removeEventListener("online", listener);
    },
    random: Math.random,
  };
}

/**
 * Loads `chunk` and hands its module to `use`, once. A failed download is tried again when the browser comes
 * back online or after the save queue's own backoff (1 s, 2 s, 4 s … at most a minute, with jitter), whichever
 * comes first.
 */
export function loadUntilLoaded<Module>(
  chunk: LazyChunk<Module>,
  use: (module: Module) => void,
  clock: RetryClock,
): void {
  const attempt = (failures: number): void => {
    chunk.load().then(use, () => {
      // Whichever of the two comes first stops the other, so the chunk is fetched once per failure.
      const retry = (): void => {
        clock.timers.clear(timer);
        stopListening();
        attempt(failures + 1);
      };
      const timer = clock.timers.set(retry, backoffDelayMs(failures + 1, clock.random()));
      const stopListening = clock.whenOnline(retry);
    });
  };
  attempt(0);
}
