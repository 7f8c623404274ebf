/** Chooses and paints the engine's first display: the remixed drawing on a remix page, else the mascot. */
import { loadMascot } from "../branding/mascot-background.ts";
import type { DrawingEngine } from "../engine/drawing-engine.ts";
import { loadRemixBase } from "./remix-base.ts";

/** The first display on its way. */
export interface FirstDisplayLoad {
  /** The mascot (null when it cannot be loaded): the background when the visitor keeps their own drawing. */
  readonly mascot: Promise<HTMLImageElement | null>;
  /** Paints nothing more: the board is going away. */
  readonly cancel: () => void;
}

/**
 * Loads the mascot and, on a remix page (/?remix=<id>), the remixed drawing, and hands the engine the one to
 * show first (the remix when it loads). The engine takes input only once it has its background, so on a
 * remix page no stroke is drawn over a mascot that the remix would then replace (and wipe the stroke with).
 */
export function loadFirstDisplay(engine: DrawingEngine, mascotSrc: string): FirstDisplayLoad {
  let cancelled = false;
  const mascot = loadMascot(mascotSrc);
  void (async () => {
    const background = (await loadRemixBase()) ?? (await mascot);
    if (!cancelled) engine.setBackground(background);
  })();
  return {
    mascot,
    cancel: () => {
      cancelled = true;
    },
  };
}
