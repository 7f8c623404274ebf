import { CANVAS_SIZE } from "../../../common/constants.ts";
import type { ToolAction } from "../../engine/types.ts";
import { filledColour } from "./flood-fill.ts";
import { decodeRuns, encodeRuns } from "./run-length.ts";

/**
 * A 600 x 600 canvas and its pixels, reused for painting fill layers (one at a time, synchronously). Kept
 * rather than made per paint: a fresh 1.44 MB buffer cost about 4.5 ms on this machine, mostly the first
 * touch of its memory, where decoding into the kept one costs about 0.3 ms (the runs cover every pixel).
 */
let scratch: { context: OffscreenCanvasRenderingContext2D; layer: ImageData } | null = null;

function scratchLayer(): { context: OffscreenCanvasRenderingContext2D; layer: ImageData } {
  if (scratch !== null) return scratch;
  const context = new OffscreenCanvas(CANVAS_SIZE, CANVAS_SIZE).getContext("2d");
  if (context === null) throw new Error("Fanvas needs a 2D canvas context, and this browser gave none.");
  scratch = { context, layer: context.createImageData(CANVAS_SIZE, CANVAS_SIZE) };
  return scratch;
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
      const { context: layerContext, layer } = scratchLayer();
      // Every pixel is written: the runs cover the whole layer, transparent (0) where nothing changes.
      decodeRuns(runs, new Uint32Array(layer.data.buffer));
      layerContext.putImageData(layer, 0, 0);
      context.imageSmoothingEnabled = false;
      context.globalAlpha = 1;
      context.globalCompositeOperation = "source-over";
      context.drawImage(layerContext.canvas, 0, 0, CANVAS_SIZE, CANVAS_SIZE);
    },
  };
}
