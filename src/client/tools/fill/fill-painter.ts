/** Painting a fill operation: the flood fill worked out from the pixels under it, then laid over them. */
import { CANVAS_SIZE } from "../../../common/constants.ts";
import type { FillOperation } from "../../../common/drawing-document/types.ts";
import { type Painter, readyPainter } from "../../engine/painter.ts";
import { packHex } from "../packed-colour.ts";
import { filledColour, floodFill } from "./flood-fill.ts";
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
 * What the fill changes, as runs of its layer (floodFill's marked pixels: the region and its blended edge),
 * worked out from the drawing's pixels before it the first time it is painted and kept in the engine's memo,
 * so painting it again (the display after the document, an undo's replay, a redo) costs no fill.
 */
function fillRuns(fill: FillOperation, pixels: () => ImageData, memo: WeakMap<object, unknown>): Uint32Array {
  const kept = memo.get(fill);
  if (kept instanceof Uint32Array) return kept;
  const image = pixels();
  const colour = packHex(fill.colour);
  const marked = floodFill(
    { pixels: new Uint32Array(image.data.buffer), width: image.width, height: image.height },
    fill.x,
    fill.y,
    colour,
    fill.tolerance,
  );
  const runs = encodeRuns(marked, (pixel) => filledColour(pixel, colour));
  memo.set(fill, runs);
  return runs;
}

/**
 * Decodes the runs into the scratch canvas and draws it over the picture without smoothing: the 600 x 600
 * document gets exactly the layer's pixels (opaque ones replace, transparent ones leave), and a hi-DPI display
 * the same pixels scaled.
 */
export const painter: Painter<FillOperation> = readyPainter((context, fill, source) => {
  const runs = fillRuns(fill, () => source.pixels(), source.memo);
  const { context: layerContext, layer } = scratchLayer();
  // Every pixel is written: the runs cover the whole layer, transparent (0) where nothing changes.
  decodeRuns(runs, new Uint32Array(layer.data.buffer));
  layerContext.putImageData(layer, 0, 0);
  context.save();
  context.imageSmoothingEnabled = false;
  context.globalAlpha = 1;
  context.globalCompositeOperation = "source-over";
  context.drawImage(layerContext.canvas, 0, 0, CANVAS_SIZE, CANVAS_SIZE);
  context.restore();
});
