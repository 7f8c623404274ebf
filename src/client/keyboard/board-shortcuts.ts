/** What each keyboard shortcut does to the drawing board, and what it says about it (with the board's extras). */
import type { DrawingEngine } from "../engine/drawing-engine.ts";
import type { StrokeStyle } from "../engine/types.ts";
import type { ToolCommands } from "../tools/tool-commands.ts";
import type { ShortcutHandlers } from "./bind-shortcuts.ts";
import { expectCaption } from "./caption-keys.ts";
import { stepBrushSize } from "./step-brush-size.ts";

/** The board as its shortcuts see it, at the moment a key is pressed. */
export interface BoardCommands {
  readonly engine: DrawingEngine | null;
  readonly style: StrokeStyle;
  readonly setStyle: (change: (current: StrokeStyle) => StrokeStyle) => void;
  /** Back to the brush, the eraser on or off. */
  readonly chooseBrush: (eraser: boolean) => void;
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
    board.setStyle((current) => ({ ...current, width: stepBrushSize(current.width, direction) }));
    announce(`Brush size ${stepBrushSize(style.width, direction)}`);
  };
  return {
    undo: () => announce(engine?.undo() ? "Undone" : "Nothing to undo"),
    redo: () => announce(engine?.redo() ? "Redone" : "Nothing to redo"),
    "toggle-eraser": () => {
      board.chooseBrush(!style.eraser);
      announce(style.eraser ? "Eraser off" : "Eraser on");
    },
    "brush-smaller": () => stepSize(-1),
    "brush-larger": () => stepSize(1),
    save: board.save,
    "toggle-help": board.toggleHelp,
    // The caption's letters may follow T at once, before the tools' chunk or the caption's field is in.
    text: () => {
      expectCaption();
      withTools((tools) => tools.toggle("text"));
    },
    fill: () => withTools((tools) => tools.toggle("fill")),
    "pick-colour": () => withTools((tools) => tools.toggle("pick")),
    "zoom-in": () => withTools((tools) => tools.zoomIn()),
    "zoom-out": () => withTools((tools) => tools.zoomOut()),
    "zoom-fit": () => withTools((tools) => tools.fit()),
  };
}
