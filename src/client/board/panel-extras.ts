/**
 * The panel's parts that arrive with the board's extras (vite.config.ts): Save's status line, the sheet after a
 * save, "Draw together" and the Shortcuts button. One module, so the first bundle carries one import of the chunk
 * rather than one per part; they are in the same chunk either way.
 */
export { SaveSheetSlot } from "../save/SaveSheetSlot.tsx";
export { SaveStatusLine } from "../save/SaveStatusLine.tsx";
export { DrawTogether } from "./DrawTogether.tsx";
export { ShortcutsHelp } from "./ShortcutsHelp.tsx";
