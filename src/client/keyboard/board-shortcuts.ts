/** What each keyboard shortcut does to the drawing board, and what it says about it (with the board's extras). */
import type { DrawingEngine } from "../engine/drawing-engine.ts";
import type { StrokeStyle } from "../engine/types.ts";
import type { ToolDescriptor, ToolId } from "../tools/tool.ts";
import type { ToolCommands } from "../tools/tool-commands.ts";
import type { ShortcutHandlers } from "./bind-shortcuts.ts";
import { expectCaption } from "./caption-keys.ts";
import { stepBrushSize } from "./step-brush-size.ts";

/** The board as its shortcuts see it, at the moment a key is pressed. */
export interface BoardCommands {
  readonly engine: DrawingEngine | null;
  readonly style: StrokeStyle;
  readonly setBrushWidth: (width: number) => void;
  /** The board's tools, and the current one. */
  readonly tools: readonly ToolDescriptor[];
  readonly current: ToolId;
  /** A tool's key: as its button. */
  readonly pressTool: (tool: ToolId) => void;
  /** Says something in the board's polite live region: shortcuts change things the visitor may not see. */
  readonly announce: (message: string) => void;
  readonly save: () => void;
  readonly toggleHelp: () => void;
  /** Runs a command on the tools: at once, or as soon as their chunk is in (it is then fetched at once). */
  readonly withTools: (command: (tools: ToolCommands) => void) => void;
}

/** The handlers for every shortcut action, acting on `board`. */
export function boardShortcuts(board: BoardCommands): ShortcutHandlers {
  const { engine, style, announce, withTools } = board;
  const stepSize = (direction: -1 | 1): void => {
    const width = stepBrushSize(style.width, direction);
    board.setBrushWidth(width);
    announce(`Brush size ${width}`);
  };
  return {
    undo: () => announce(engine?.undo() ? "Undone" : "Nothing to undo"),
    redo: () => announce(engine?.redo() ? "Redone" : "Nothing to redo"),
    "brush-smaller": () => stepSize(-1),
    "brush-larger": () => stepSize(1),
    save: board.save,
    "toggle-help": board.toggleHelp,
    "zoom-in": () => withTools((tools) => tools.zoomIn()),
    "zoom-out": () => withTools((tools) => tools.zoomOut()),
    "zoom-fit": () => withTools((tools) => tools.fit()),
    tool: (id) => {
      const tool = board.tools.find((each) => each.id === id);
      if (tool === undefined) return;
      // A tool's letters may follow its key at once, before the tools' chunk or its field is in.
      if (tool.typing && id !== board.current) expectCaption();
      board.pressTool(id);
      announce(`${tool.label} ${id === board.current ? "off" : "on"}`);
    },
  };
}
