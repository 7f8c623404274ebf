import type { ModerationEvents } from "../moderation/events.ts";

/** Called with a drawing's id when what the public may fetch of it changed. */
export type ImageChangeListener = (id: string) => void;

// Keyed by the store's database handle, so two stores in one process (tests) never hear each other.
const listenersByStore = new WeakMap<object, Set<ImageChangeListener>>();

/**
 * Tells this process's image caches over `store` that a drawing's served bytes changed (re-encoded) or
 * that it stopped being public (hidden, deleted). Synchronous, so a cached copy is gone before the caller
 * answers its own request. Other processes learn of hides from the wall's events instead.
 */
export function announceImageChange(store: object, id: string): void {
  for (const listener of listenersByStore.get(store) ?? []) listener(id);
}

/** Calls the listener on every announceImageChange for this store; returns the function that stops it. */
export function onImageChange(store: object, listener: ImageChangeListener): () => void {
  let listeners = listenersByStore.get(store);
  if (listeners === undefined) {
    listeners = new Set();
    listenersByStore.set(store, listeners);
  }
  const entry: ImageChangeListener = (id) => listener(id);
  listeners.add(entry);
  return () => listeners.delete(entry);
}

/**
 * Moderation's announcements, with every removal (hide, delete) also announced to this process's image
 * caches first: synchronously, before the moderator's request is answered and whether or not the wall's
 * event goes out (PostgreSQL delivers that one back to this process only later, through LISTEN).
 */
export function evictingOnRemoval(events: ModerationEvents, store: object): ModerationEvents {
  return {
    added: (id, createdAt) => events.added(id, createdAt),
    removed: (id) => {
      announceImageChange(store, id);
      return events.removed(id);
    },
  };
}
