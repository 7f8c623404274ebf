import { CANVAS_SIZE } from "../../../common/constants.ts";
import type { DrawingEngine } from "../../engine/drawing-engine.ts";
import type { Point } from "../../engine/types.ts";
import type { ToolDescriptor } from "../tool.ts";

/** The drawing's colour at a point, as #rrggbb (the canvas is opaque, so alpha is left out). */
function colourAt(engine: DrawingEngine, point: Point): string {
  const clamp = (value: number) => Math.min(CANVAS_SIZE - 1, Math.max(0, Math.floor(value)));
  const [red = 0, green = 0, blue = 0] = engine.getImageData(clamp(point.x), clamp(point.y), 1, 1).data;
  return `#${((1 << 24) | (red << 16) | (green << 8) | blue).toString(16).slice(1)}`;
}

/** A tap takes the drawing's colour there as the brush's; then the tool used before comes back. */
export const pickTool: ToolDescriptor = {
  id: "pick",
  label: "Pick colour",
  icon: "pick",
  key: "I",
  keyHelp: "Pick colour from the drawing",
  input: "tap",
  cursor: "cell",
  uses: ["colour", "size"],
  makes: null,
  pointAction: "Pick colour",
  pressAgain(context) {
    context.choose(context.previous);
    return true;
  },
  tap(context, point) {
    const colour = colourAt(context.engine, point);
    // Back to the tool before, then the colour: a colour chosen ends erasing, as it does from the palette.
    context.choose(context.previous);
    context.chooseColour(colour, true);
    context.announce(`Colour ${colour} picked`);
  },
};
