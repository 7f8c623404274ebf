/** The remixed drawing as the canvas's first display, in place of the mascot. */
import { CANVAS_SIZE } from "../../common/constants.ts";
import type { StartingPicture } from "../../common/drawing-document/types.ts";
import { drawingImagePath } from "../../common/permalink.ts";
import { REMIX_PARAM, remixIdIn } from "../../common/remix.ts";
import { loadImage } from "../branding/load-image.ts";

/**
 * The drawing this page remixes (/?remix=<id>), ready to be the engine's background, or null when the page
 * remixes nothing or the drawing cannot be loaded (then the page drops the remix and keeps the mascot). The
 * engine mirrors its background (the mascot is shown mirrored); a remix must look as it was drawn, so it is
 * handed over mirrored once already: mirroring a 600 x 600 picture twice gives back the same pixels.
 */
export async function loadRemixBase(): Promise<HTMLCanvasElement | null> {
  const id = remixIdIn(window.location.search);
  if (id === null) return null;
  try {
    return await pictureOfDrawing(id);
  } catch (error) {
    console.warn(
      "Fanvas: the drawing to remix could not be loaded (it may have been removed); starting fresh.",
      error,
    );
    dropRemix();
    return null;
  }
}

/**
 * A drawing on the wall as a first display (see loadRemixBase): loaded and mirrored once, so the engine's own
 * mirroring shows it as it was drawn. Rejects when it cannot be loaded.
 */
export async function pictureOfDrawing(id: string): Promise<HTMLCanvasElement> {
  const image = await loadImage(drawingImagePath(id));
  const canvas = document.createElement("canvas");
  canvas.width = CANVAS_SIZE;
  canvas.height = CANVAS_SIZE;
  const context = canvas.getContext("2d");
  if (context === null) throw new Error("no 2D context");
  context.translate(CANVAS_SIZE, 0);
  context.scale(-1, 1);
  context.drawImage(image, 0, 0, CANVAS_SIZE, CANVAS_SIZE);
  return canvas;
}

/**
 * Whether a backup of a log that starts from `start` is restored on this page: always where the page remixes
 * nothing or remixes the same drawing (a reload); on a remix page a backup of anything else asks first.
 */
export function backupMayReplaceRemix(start: StartingPicture | null): boolean {
  const id = remixIdIn(window.location.search);
  return id === null || (start?.kind === "drawing" && start.id === id) || !remixMayReplace();
}

/**
 * Asks before a remix replaces a drawing the visitor had on the canvas (their browser backup). True when they
 * agree; otherwise the page forgets the remix.
 */
export function remixMayReplace(): boolean {
  const replace = window.confirm(
    "Start this remix? It replaces the drawing on your canvas (download or save it first to keep it).",
  );
  if (!replace) dropRemix();
  return replace;
}

/** Forgets the remix: the address loses ?remix=, so a save links to nothing and a reload starts fresh. */
function dropRemix(): void {
  const url = new URL(window.location.href);
  url.searchParams.delete(REMIX_PARAM);
  window.history.replaceState(window.history.state, "", url);
}
