/** Binds the page's keyboard shortcuts for the lifetime of a component. */
import { startTransition, useEffect, useLayoutEffect, useRef, useState } from "react";
import type { BoardCommands } from "../keyboard/board-shortcuts.ts";
import { lazyChunk } from "../lazy/lazy-chunk.ts";

/** The board's extras chunk (board-extras.ts), fetched as soon as the board mounts. */
export const boardExtras = lazyChunk(() => import("./board-extras.ts"));

/** The extras once loaded (null until then, or for good when they could not load), and whether that is settled. */
export interface BoardExtrasState {
  readonly extras: typeof import("./board-extras.ts") | null;
  readonly settled: boolean;
}

/**
 * Loads the board's extras and listens for shortcuts on the window once they are in (what each key does is in
 * keyboard/board-shortcuts.ts); `board` may be a new object every render (the latest one is used), so the
 * listener is never torn down and re-added while the visitor draws. `settled` turns true once the keys work
 * (or their chunk failed: the buttons still do).
 */
export function useKeyboardShortcuts(board: BoardCommands): BoardExtrasState {
  const latest = useRef(board);
  const [state, setState] = useState<BoardExtrasState>({ extras: null, settled: false });
  // Updated after each render rather than during it, as React asks of refs.
  useLayoutEffect(() => {
    latest.current = board;
  });
  useEffect(() => {
    let unbind: (() => void) | null = null;
    let cancelled = false;
    boardExtras.load().then(
      (extras) => {
        if (cancelled) return;
        unbind = extras.bindShortcuts(window, () => extras.boardShortcuts(latest.current));
        // A transition: React renders what the extras add in slices, never holding up a stroke or a click.
        startTransition(() => setState({ extras, settled: true }));
      },
      (error: unknown) => {
        console.warn("Fanvas: keyboard shortcuts could not be loaded; the buttons still work.", error);
        if (!cancelled) startTransition(() => setState({ extras: null, settled: true }));
      },
    );
    return () => {
      cancelled = true;
      unbind?.();
    };
  }, []);
  return state;
}
