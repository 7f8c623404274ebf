import { CANVAS_SIZE } from "../../common/constants.ts";
import { isOutsideCanvas } from "../engine/coordinates.ts";
import type { DrawingEngine } from "../engine/drawing-engine.ts";
import type { Point } from "../engine/types.ts";
import { DEFAULT_FILL_TOLERANCE } from "./fill/flood-fill.ts";
import { packHex } from "./packed-colour.ts";

/**
 * Fills the area of the drawing around `point` with `colour` (#rrggbb) as one undoable operation (its painter,
 * fill-painter.ts, works the fill out). A tap on a pixel that already has exactly that colour changes nothing
 * and records nothing.
 */
export function fillAt(engine: DrawingEngine, point: Point, colour: string): boolean {
  if (isOutsideCanvas(point)) return false;
  const x = Math.min(CANVAS_SIZE - 1, Math.floor(point.x));
  const y = Math.min(CANVAS_SIZE - 1, Math.floor(point.y));
  const [pixel = 0] = new Uint32Array(engine.getImageData(x, y, 1, 1).data.buffer);
  if (pixel === packHex(colour)) return false;
  engine.apply({ kind: "fill", x, y, colour: colour.toLowerCase(), tolerance: DEFAULT_FILL_TOLERANCE });
  return true;
}
