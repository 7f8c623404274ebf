/**
 * The drawings this tab stored, so the wall can mark the visitor's own new drawing when it arrives. A tiny
 * store outside React: the board (first bundle) writes it, the wall (its own chunk) reads it.
 */
import { useSyncExternalStore } from "react";

let mine: ReadonlySet<string> = new Set();
const listeners = new Set<() => void>();

/** Remembers a drawing this tab stored, for the rest of the visit. */
export function rememberMyDrawing(id: string): void {
  if (mine.has(id)) return;
  mine = new Set(mine).add(id);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The ids of the drawings this tab stored; re-renders when one is added. */
export function useMyDrawings(): ReadonlySet<string> {
  return useSyncExternalStore(
    subscribe,
    () => mine,
    () => mine,
  );
}
