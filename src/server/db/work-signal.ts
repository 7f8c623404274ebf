/**
 * Connects the save route and the background worker without either knowing the other; the store
 * carries it. A missed signal only delays work, since the pending work itself lives in the database.
 */
export interface WorkSignal {
  /** A save recorded background work. */
  notify(): void;
  /** Calls the listener on every notify; returns the function that stops listening. */
  listen(listener: () => void): () => void;
  /** Marks a save in progress until the returned function is called. */
  saveStarted(): () => void;
  /**
   * Resolves once no save is in progress, or after maxWaitMs at the latest, so background work gives
   * saves the CPU but still makes progress under a steady stream of them.
   */
  quiet(maxWaitMs: number): Promise<void>;
}

/** A synchronous, in-process signal. */
export function createWorkSignal(): WorkSignal {
  const listeners = new Set<() => void>();
  let savesInProgress = 0;
  let waiters: (() => void)[] = [];
  return {
    notify: () => {
      for (const listener of listeners) listener();
    },
    listen: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    saveStarted: () => {
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
