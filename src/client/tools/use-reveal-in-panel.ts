import { type RefObject, useLayoutEffect } from "react";

/**
 * Scrolls the tool panel, never the page, so a tool's options that just opened in it show above its footer
 * (history and Save, which stay at the panel's bottom edge): beside a smaller canvas the panel is short, and
 * options opened below its edge would go unseen. The options' top stays in view, and a closing hint may stay
 * out of it. Where the panel does not scroll (docked under the canvas on phones) nothing moves.
 */
export function revealInPanel(options: HTMLElement): void {
  const panel = options.closest<HTMLElement>(".panel");
  if (panel === null || panel.scrollHeight <= panel.clientHeight) return;
  if (getComputedStyle(panel).overflowY !== "auto") return;
  const footer = panel.querySelector<HTMLElement>(".panel__footer");
  const panelBox = panel.getBoundingClientRect();
  const box = options.getBoundingClientRect();
  // A hint that ends the options may stay below the edge (it is read once; the controls are used).
  const hint = options.lastElementChild?.matches(".tool-panel__help") ? options.lastElementChild : null;
  const bottom = hint === null ? box.bottom : hint.getBoundingClientRect().top;
  const hiddenBelow = bottom - (panelBox.bottom - (footer?.offsetHeight ?? 0));
  const roomAbove = box.top - panelBox.top;
  if (hiddenBelow > 0 && roomAbove > 0) panel.scrollTop += Math.min(hiddenBelow, roomAbove);
}

/** revealInPanel for the element of `ref` when it mounts and whenever `key` changes (what the options show). */
export function useRevealInPanel(ref: RefObject<HTMLElement | null>, key: unknown): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` changes what the options show (and so their height); the effect reads the DOM it left.
  useLayoutEffect(() => {
    if (ref.current !== null) revealInPanel(ref.current);
  }, [ref, key]);
}
