/**
 * Every tool of the panel, in its order: the buttons, the key map, the cursors and the panel's groups come
 * from here (a new tool is a folder with its descriptor and one line below; docs/architecture.md).
 */
import { brushTool } from "./brush/brush-tool.ts";
import { textTool } from "./caption/text-tool.ts";
import { eraserTool } from "./eraser/eraser-tool.ts";
import { fillTool } from "./fill/fill-tool.ts";
import { pickTool } from "./pick/pick-tool.ts";
import { stickersTool } from "./stickers/stickers-tool.ts";
import type { ToolDescriptor, ToolId } from "./tool.ts";

/** The page's tools. */
export const TOOLS: readonly ToolDescriptor[] = [
  brushTool,
  eraserTool,
  textTool,
  stickersTool,
  fillTool,
  pickTool,
];

/** The tool the page starts with, and comes back to when another is turned off. */
export const DEFAULT_TOOL: ToolDescriptor = brushTool;

/** The tool of `id` in `tools` (the default tool for an id none has). */
export function toolById(id: ToolId, tools: readonly ToolDescriptor[] = TOOLS): ToolDescriptor {
  return tools.find((tool) => tool.id === id) ?? DEFAULT_TOOL;
}

/** Each tool's shortcut letter, lower case, and the tool it presses. */
export function toolKeys(tools: readonly ToolDescriptor[] = TOOLS): ReadonlyMap<string, ToolId> {
  return new Map(
    tools.flatMap((tool) => (tool.key === undefined ? [] : [[tool.key.toLowerCase(), tool.id]])),
  );
}
