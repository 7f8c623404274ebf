/** Binds the page's keyboard shortcuts for the lifetime of a component. */
import { startTransition, useEffect, useLayoutEffect, useRef, useState } from "react";
import type { BoardCommands } from "../keyboard/board-shortcuts.ts";
import { boardExtras } from "./extras-chunk.ts";

/**
 * Loads the board's keys and listens for shortcuts on the window once they are in (what each key does is in
 * keyboard/board-shortcuts.ts); `board` may be a new object every render (the latest one is used), so the
 * listener is never torn down and re-added while the visitor draws. Returns whether that is settled: the keys
 * work (or their chunk failed: the buttons still do), so the board can count itself ready.
 */
export function useKeyboardShortcuts(board: BoardCommands): boolean {
  const latest = useRef(board);
  const [settled, setSettled] = useState(false);
  // Updated after each render rather than during it, as React asks of refs.
  useLayoutEffect(() => {
    latest.current = board;
  });
  useEffect(() => {
    let unbind: (() => void) | null = null;
    let cancelled = false;
    boardExtras.load().then(
      ({ bindBoardKeys }) => {
        if (cancelled) return;
        unbind = bindBoardKeys(window, () => latest.current);
        // A transition: React renders the board ready in slices, never holding up a stroke or a click.
        startTransition(() => setSettled(true));
      },
      (error: unknown) => {
        console.warn("Fanvas: keyboard shortcuts could not be loaded; the buttons still work.", error);
        if (!cancelled) startTransition(() => setSettled(true));
      },
    );
    return () => {
      cancelled = true;
      unbind?.();
    };
  }, []);
  return settled;
}
