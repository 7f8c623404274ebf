import { lazyChunk } from "../../lazy/lazy-chunk.ts";
import { lazyView } from "../../lazy/lazy-view.ts";
import type { ToolDescriptor } from "../tool.ts";

/** The stickers to choose from, with their art (loaded when Stickers is first opened). */
const Panel = lazyView(
  lazyChunk(() => import("./StickerPanel.tsx")),
  (module) => module.StickerToolPanel,
  (error) => console.warn("Fanvas: the stickers could not be loaded.", error),
);

/**
 * Stickers: the panel arms one, a tap on the drawing places it (moved, resized and turned in its box until
 * placed); leaving Stickers places the one being placed.
 */
export const stickersTool: ToolDescriptor = {
  id: "stickers",
  label: "Stickers",
  icon: "sticker",
  input: "tap",
  cursor: "copy",
  uses: [],
  Panel,
  makes: "sticker",
  exit(context) {
    context.sticker.commit();
    context.sticker.arm(null);
  },
  tap(context, point) {
    const armed = context.sticker.armed;
    if (armed !== null) void context.sticker.place(armed, point);
  },
};
