/** Puts the configured mascot behind the drawing, or a plain white canvas when it cannot be loaded. */
import { CONSOLE_MESSAGES } from "../../common/constants.ts";
import type { DrawingEngine } from "../engine/drawing-engine.ts";
import { loadImage } from "./load-image.ts";

/**
 * Loads the mascot and hands it to the engine (which mirrors it); on failure logs the spec's message and
 * goes white. Either way the engine becomes ready. Returns a cancel function for an unmounted board.
 */
export function loadMascotBackground(engine: DrawingEngine, src: string): () => void {
  let cancelled = false;
  loadImage(src).then(
    (image) => {
      if (!cancelled) engine.setBackground(image);
    },
    () => {
      if (cancelled) return;
      console.error(CONSOLE_MESSAGES.backgroundFailed);
      engine.setBackground(null);
    },
  );
  return () => {
    cancelled = true;
  };
}
