import type { ToolDescriptor } from "../tool.ts";

/** Strokes in the chosen colour and size (the engine draws them; a stroke is its own operation). */
export const brushTool: ToolDescriptor = {
  id: "brush",
  label: "Brush",
  icon: "brush",
  input: "draw",
  cursor: "brush",
  uses: ["colour", "size"],
  makes: "stroke",
  stroke: { eraser: false },
};
