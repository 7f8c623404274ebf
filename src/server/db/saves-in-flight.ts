/**
 * The saves running on one store right now, so background work gives them the database (SQLite has one
 * connection) and the CPU, yet still makes progress under a steady stream of them.
 */
export interface SavesInFlight {
  /** Marks a save in progress until the returned function is called. */
  started(): () => void;
  /** Resolves once no save is in progress, or after maxWaitMs at the latest. */
  quiet(maxWaitMs: number): Promise<void>;
}

/** No save in flight yet. */
export function createSavesInFlight(): SavesInFlight {
  let savesInProgress = 0;
  let waiters: (() => void)[] = [];
  return {
    started: () => {
      savesInProgress += 1;
      let finished = false;
      return () => {
        if (finished) return;
        finished = true;
        savesInProgress -= 1;
        if (savesInProgress > 0) return;
        for (const wake of waiters.splice(0)) wake();
      };
    },
    quiet: (maxWaitMs) => {
      if (savesInProgress === 0) return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(() => {
          waiters = waiters.filter((waiter) => waiter !== done);
          resolve();
        }, maxWaitMs);
        const done = () => {
          clearTimeout(timer);
          resolve();
        };
        waiters.push(done);
      });
    },
  };
}
