import { lazyChunk } from "../../lazy/lazy-chunk.ts";
import { lazyView } from "../../lazy/lazy-view.ts";
import type { ToolDescriptor } from "../tool.ts";

/** The caption's options, shown while a caption is open. */
const Panel = lazyView(
  lazyChunk(() => import("./CaptionPanel.tsx")),
  (module) => module.CaptionToolPanel,
);

/**
 * Captions: choosing Text opens one at the next free place (top, bottom, middle) ready for typing; a tap puts
 * it where tapped; pressing Text again places what was typed and opens the next (with an empty caption open,
 * Text turns off as another tool's button does); leaving Text places what was typed.
 */
export const textTool: ToolDescriptor = {
  id: "text",
  label: "Text",
  icon: "text",
  key: "T",
  keyHelp: "Text: type a caption",
  input: "tap",
  cursor: "text",
  uses: ["colour"],
  Panel,
  makes: "caption",
  typing: true,
  pressAgain(context) {
    // A caption open with nothing typed: Text turns off. Otherwise the next caption opens, ready for typing.
    if (context.caption.caption !== null && !context.caption.typed) return false;
    void context.caption.openNext(context.style.colour);
    return true;
  },
  enter(context) {
    if (context.caption.caption === null) void context.caption.openNext(context.style.colour);
  },
  exit(context) {
    void context.caption.commit();
  },
  tap(context, point) {
    context.caption.placeAt(point, context.style.colour);
  },
};
