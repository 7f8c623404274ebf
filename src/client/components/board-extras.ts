/**
 * What the board needs once it is used rather than to paint: the key bindings, the Shortcuts button that
 * explains them, Save's download and hand-over with its status and sheet, and the brush cursor. One chunk,
 * fetched beside the tool as it mounts (see use-keyboard-shortcuts.ts); the board counts itself ready once it
 * has arrived, so every control these serve exists before the visitor can use it.
 */
import { lazyChunk } from "../lazy/lazy-chunk.ts";
import { lazyView } from "../lazy/lazy-view.ts";

import "./controls-hover.css";

export { BrushCursorPreview } from "../cursor/BrushCursorPreview.tsx";
export { bindShortcuts } from "../keyboard/bind-shortcuts.ts";
export { boardShortcuts } from "../keyboard/board-shortcuts.ts";
export { deliverDrawing } from "../save/save-flow.ts";
export { SaveSheetSlot } from "./SaveSheetSlot.tsx";
export { SaveStatusLine } from "./SaveStatusLine.tsx";
export { ShortcutsHelp } from "./ShortcutsHelp.tsx";

/**
 * The meme maker's tools: a chunk of their own, mounted once the page has settled or when a tool's key asks
 * for them (use-tool-commands.ts); they fill the panel's slots.
 */
export const ToolControls = lazyView(
  lazyChunk(() => import("../tools/ToolControls.tsx")),
  (module) => module.ToolControls,
  (error) => console.warn("Fanvas: the tools could not be loaded; drawing still works.", error),
);
