import { CANVAS_SIZE } from "../../common/constants.ts";
import { isOutsideCanvas } from "../engine/coordinates.ts";
import type { DrawingEngine } from "../engine/drawing-engine.ts";
import type { Point } from "../engine/types.ts";
import { fillAction } from "./fill/fill-action.ts";
import { DEFAULT_FILL_TOLERANCE, floodFill } from "./fill/flood-fill.ts";
import { packHex } from "./packed-colour.ts";

/**
 * Fills the area of the drawing around `point` with `colour` (#rrggbb) as one undoable action. A tap on a
 * pixel that already has exactly that colour changes nothing and records nothing.
 */
export function fillAt(engine: DrawingEngine, point: Point, colour: string): boolean {
  const image = engine.getImageData();
  const pixels = new Uint32Array(image.data.buffer);
  const x = Math.floor(point.x);
  const y = Math.floor(point.y);
  const fill = packHex(colour);
  if (isOutsideCanvas(point) || pixels[y * CANVAS_SIZE + x] === fill) return false;
  const layer = floodFill(
    { pixels, width: CANVAS_SIZE, height: CANVAS_SIZE },
    x,
    y,
    fill,
    DEFAULT_FILL_TOLERANCE,
  );
  engine.apply(fillAction(layer, fill));
  return true;
}
