import { CANVAS_SIZE } from "../../../common/constants.ts";
import type { ToolAction } from "../../engine/types.ts";
import { filledColour } from "./flood-fill.ts";
import { decodeRuns, encodeRuns } from "./run-length.ts";

/** A 600 x 600 canvas reused for painting fill layers (one at a time, synchronously). */
let scratch: OffscreenCanvas | null = null;

function scratchContext(): OffscreenCanvasRenderingContext2D {
  scratch ??= new OffscreenCanvas(CANVAS_SIZE, CANVAS_SIZE);
  const context = scratch.getContext("2d");
  if (context === null) throw new Error("Fanvas needs a 2D canvas context, and this browser gave none.");
  return context;
}

/**
 * The history's record of a fill: its layer (what floodFill's marked pixels say changes), run-length coded.
 * Painting decodes it into a scratch canvas and draws that over the picture without smoothing: the 600 x 600
 * document gets exactly the layer's pixels (opaque ones replace, transparent ones leave), and a hi-DPI display
 * the same pixels scaled.
 */
export function fillAction(marked: Uint32Array, fill: number): ToolAction {
  const runs = encodeRuns(marked, (pixel) => filledColour(pixel, fill));
  return {
    kind: "fill",
    paint(context) {
      const layerContext = scratchContext();
      const image = layerContext.createImageData(CANVAS_SIZE, CANVAS_SIZE);
      decodeRuns(runs, new Uint32Array(image.data.buffer));
      layerContext.putImageData(image, 0, 0);
      context.imageSmoothingEnabled = false;
      context.globalAlpha = 1;
      context.globalCompositeOperation = "source-over";
      context.drawImage(layerContext.canvas, 0, 0, CANVAS_SIZE, CANVAS_SIZE);
    },
  };
}
