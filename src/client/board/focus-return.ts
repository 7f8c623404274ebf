import { useLayoutEffect, useRef } from "react";

/**
 * Focuses `target` when the focus has been lost: it is on the page's body (or nowhere), as it is once the
 * focused element was removed (a placed caption's field, a closed panel's button, a dialog whose opener is
 * gone). Focus the visitor put somewhere on purpose stays there.
 */
export function focusIfLost(target: HTMLElement | null | undefined): void {
  const active = document.activeElement;
  if (active === null || active === document.body) target?.focus();
}

/**
 * When what `open` tells of (a caption, a placed sticker, a tool's panel) closes and takes the focus with it,
 * the focus goes back to the control that opened it, `opener()`, so a keyboard goes on from there rather than
 * from the top of the page.
 */
export function useFocusBackWhenClosed(open: boolean, opener: () => HTMLElement | null): void {
  const wasOpen = useRef(open);
  // A layout effect: the closed thing's elements are gone, and the focus is put back before the next paint.
  useLayoutEffect(() => {
    const closed = wasOpen.current && !open;
    wasOpen.current = open;
    if (closed) focusIfLost(opener());
  });
}
