import type { ToolDescriptor } from "../tool.ts";

/** Strokes that paint the background colour, as the spec's eraser does; E turns it on and off. */
export const eraserTool: ToolDescriptor = {
  id: "eraser",
  label: "Eraser",
  icon: "eraser",
  key: "E",
  keyHelp: "Eraser on or off",
  input: "draw",
  cursor: "brush",
  // The palette stays: choosing a colour ends erasing (the spec's eraser).
  uses: ["colour", "size"],
  makes: "stroke",
  stroke: { eraser: true },
};
