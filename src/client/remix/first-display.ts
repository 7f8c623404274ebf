/** Chooses and paints the engine's first display: the remixed drawing on a remix page, else the mascot. */

import type { StartingPicture } from "../../common/drawing-document/types.ts";
import { remixIdIn } from "../../common/remix.ts";
import { loadMascot } from "../branding/mascot-background.ts";
import type { DrawingEngine } from "../engine/drawing-engine.ts";
import { loadRemixBase, pictureOfDrawing } from "./remix-base.ts";

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
    const remix = await loadRemixBase();
    // A remix that could not be loaded is gone from the address by now; the log starts from the mascot then.
    const id = remixIdIn(window.location.search);
    const background = remix ?? (await mascot);
    if (!cancelled)
      engine.setBackground(background, remix !== null && id !== null ? { kind: "drawing", id } : undefined);
  })();
  return {
    mascot,
    cancel: () => {
      cancelled = true;
    },
  };
}

/**
 * Makes `start` the engine's first display unless it is already (a backup's log restored on a page showing
 * another: the mascot, white, or the drawing it remixes), so the log's Clears paint what they painted then. A
 * picture that cannot be had leaves white.
 */
export async function showStart(
  engine: DrawingEngine,
  start: StartingPicture,
  mascot: Promise<CanvasImageSource | null>,
): Promise<void> {
  if (JSON.stringify(engine.logState?.start) === JSON.stringify(start)) return;
  const picture =
    start.kind === "white"
      ? null
      : start.kind === "mascot"
        ? await mascot
        : await pictureOfDrawing(start.id).catch(() => null);
  engine.setBackground(picture, start);
}
