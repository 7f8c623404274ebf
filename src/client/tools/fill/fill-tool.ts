import { lazyChunk } from "../../lazy/lazy-chunk.ts";
import type { ToolDescriptor } from "../tool.ts";

/** The fill's code (its painter works the fill out) loads when Fill is first used. */
const fillChunk = lazyChunk(() => import("../fill-at.ts"));

/** A tap fills the part of the drawing under it with the chosen colour. */
export const fillTool: ToolDescriptor = {
  id: "fill",
  label: "Fill",
  icon: "fill",
  key: "F",
  keyHelp: "Fill an area",
  input: "tap",
  cursor: "cell",
  uses: ["colour"],
  makes: "fill",
  pointAction: "Fill",
  tap(context, point) {
    fillChunk.load().then(
      ({ fillAt }) => fillAt(context.engine, point, context.style.colour),
      (error: unknown) => console.warn("Fanvas: the fill could not be loaded; try again.", error),
    );
  },
};
