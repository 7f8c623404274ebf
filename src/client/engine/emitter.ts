import type { EngineEventName, EngineEvents, EngineListener } from "./types.ts";

type AnyListener = (detail: never) => void;

/** Rethrows outside the engine's call stack, so the error still reaches the console and error monitoring. */
function rethrowLater(error: unknown): void {
  queueMicrotask(() => {
    throw error;
  });
}

/**
 * A small typed event emitter. A listener that throws does not stop the others or the engine: its error
 * goes to `onListenerError` (by default rethrown in a microtask).
 */
export class Emitter {
  readonly #listeners = new Map<EngineEventName, Set<AnyListener>>();
  readonly #onListenerError: (error: unknown) => void;

  constructor(onListenerError: (error: unknown) => void = rethrowLater) {
    this.#onListenerError = onListenerError;
  }

  /** Adds `listener`; returns a function that removes it. */
  on<E extends EngineEventName>(event: E, listener: EngineListener<E>): () => void {
    let set = this.#listeners.get(event);
    if (set === undefined) {
      set = new Set();
      this.#listeners.set(event, set);
    }
    set.add(listener as AnyListener);
    return () => this.off(event, listener);
  }

  /** Removes `listener` (nothing happens if it was not added). */
  off<E extends EngineEventName>(event: E, listener: EngineListener<E>): void {
    this.#listeners.get(event)?.delete(listener as AnyListener);
  }

  /** Calls every listener of `event` with `detail`, in the order they were added. */
  emit<E extends EngineEventName>(event: E, detail: EngineEvents[E]): void {
    const set = this.#listeners.get(event);
    if (set === undefined) return;
    for (const listener of [...set]) {
      try {
        (listener as EngineListener<E>)(detail);
      } catch (error) {
        this.#onListenerError(error);
      }
    }
  }

  /** Forgets every listener. */
  clear(): void {
    this.#listeners.clear();
  }
}
