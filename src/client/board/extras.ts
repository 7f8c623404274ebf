/**
 * What the board needs once it is used rather than to paint (vite.config.ts gathers it into the "board-extras"
 * chunk, fetched as the board mounts): its keys, the brush cursor, Save's status line, the sheet after a save,
 * "Draw together" and the Shortcuts button. One module behind one import (extras-chunk.ts), so the first bundle
 * carries one reference to the chunk rather than one per part.
 */
export { BrushCursorPreview } from "../cursor/BrushCursorPreview.tsx";
export { bindBoardKeys } from "../keyboard/board-keys.ts";
export { expectCaption } from "../keyboard/caption-keys.ts";
export { SaveSheetSlot } from "../save/SaveSheetSlot.tsx";
export { SaveStatusLine } from "../save/SaveStatusLine.tsx";
export { DrawTogether } from "./DrawTogether.tsx";
export { ShortcutsHelp } from "./ShortcutsHelp.tsx";
