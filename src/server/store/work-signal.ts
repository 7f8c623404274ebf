/**
 * Tells whoever runs background work that a save just recorded some. The store carries it, so the
 * save route and the worker need not know each other; a missed signal only delays work, since the
 * pending work itself lives in the database.
 */
export interface WorkSignal {
  notify(): void;
  /** Calls the listener on every notify; returns the function that stops listening. */
  listen(listener: () => void): () => void;
}

/** A synchronous, in-process signal. */
export function createWorkSignal(): WorkSignal {
  const listeners = new Set<() => void>();
  return {
    notify: () => {
      for (const listener of listeners) listener();
    },
    listen: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
