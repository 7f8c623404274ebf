/**
 * The saves running on one store right now, so background work gives them the database (SQLite has one
 * connection) and the CPU, yet still makes progress under a steady stream of them.
 */
export interface SavesInFlight {
  /** Marks a save in progress until the returned function is called. */
  started(): () => void;
  /** Resolves once no save has run for a moment, or after maxWaitMs at the latest. */
  quiet(maxWaitMs: number): Promise<void>;
}

/**
 * How long after the last save ends the store counts as quiet. Saves that come one after another leave gaps of
 * a few milliseconds between them; a job started in such a gap (a few hundred milliseconds of sharp on every core)
 * would slow the saves that follow, while a quarter of a second later only delays a thumbnail the wall makes on
 * demand anyway.
 */
const SETTLE_MS = 250;

/** No save in flight yet. */
export function createSavesInFlight(settleMs = SETTLE_MS): SavesInFlight {
  let savesInProgress = 0;
  let lastEndedAt = Number.NEGATIVE_INFINITY;
  let waiters: (() => void)[] = [];

  /** Waits `ms` at most, less if the last save in progress ends first. */
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        waiters = waiters.filter((waiter) => waiter !== done);
        resolve();
      }, ms);
      if (savesInProgress > 0) waiters.push(done);
    });

  return {
    started: () => {
      savesInProgress += 1;
      let finished = false;
      return () => {
        if (finished) return;
        finished = true;
        savesInProgress -= 1;
        lastEndedAt = Date.now();
        if (savesInProgress > 0) return;
        for (const wake of waiters.splice(0)) wake();
      };
    },
    quiet: async (maxWaitMs) => {
      const deadline = Date.now() + maxWaitMs;
      for (let now = Date.now(); now < deadline; now = Date.now()) {
        const settledAt = lastEndedAt + settleMs;
        if (savesInProgress === 0 && now >= settledAt) return;
        await pause((savesInProgress > 0 ? deadline : Math.min(settledAt, deadline)) - now);
      }
    },
  };
}
