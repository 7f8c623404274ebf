import { type RefObject, useLayoutEffect } from "react";

/**
 * Scrolls the panel's body (panel.css), never the page, so a tool's options that just opened in it show: the
 * body scrolls on its own beside a canvas too short to hold the options and the groups, and it may have been
 * scrolled to a group further down. The options' top comes into view, and as much of the rest as fits under
 * it. Where the body does not scroll (docked under the canvas on phones) nothing moves.
 */
export function revealInPanel(options: HTMLElement): void {
  const body = options.closest<HTMLElement>(".panel__body");
  if (body === null || body.scrollHeight <= body.clientHeight) return;
  if (getComputedStyle(body).overflowY !== "auto") return;
  const bodyBox = body.getBoundingClientRect();
  const box = options.getBoundingClientRect();
  // The body's padding is the room left for focus rings: the options keep it too.
  const padding = Number.parseFloat(getComputedStyle(body).paddingTop) || 0;
  const hiddenAbove = bodyBox.top + padding - box.top;
  const hiddenBelow = box.bottom - (bodyBox.bottom - padding);
  if (hiddenAbove > 0) body.scrollTop -= hiddenAbove;
  else if (hiddenBelow > 0) body.scrollTop += Math.min(hiddenBelow, -hiddenAbove);
}

/** revealInPanel for the element of `ref` when it mounts and whenever `key` changes (what the options show). */
export function useRevealInPanel(ref: RefObject<HTMLElement | null>, key: unknown): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` changes what the options show (and so their height); the effect reads the DOM it left.
  useLayoutEffect(() => {
    if (ref.current !== null) revealInPanel(ref.current);
  }, [ref, key]);
}
