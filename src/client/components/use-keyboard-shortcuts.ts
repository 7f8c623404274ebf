/** Binds the page's keyboard shortcuts for the lifetime of a component. */
import { useEffect, useLayoutEffect, useRef } from "react";
import { bindShortcuts, type ShortcutHandlers } from "../keyboard/bind-shortcuts.ts";

/**
 * Listens on the window once; `handlers` may be a new object every render (the latest one always runs), so
 * the listener is never torn down and re-added while the visitor draws.
 */
export function useKeyboardShortcuts(handlers: ShortcutHandlers): void {
  const latest = useRef(handlers);
  // Updated after each render rather than during it, as React asks of refs.
  useLayoutEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => bindShortcuts(window, () => latest.current), []);
}
