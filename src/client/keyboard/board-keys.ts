/** The board's keyboard, bound: its own chunk, which the board loads as it mounts (board/use-keyboard-shortcuts.ts). */
import { bindShortcuts } from "./bind-shortcuts.ts";
import { type BoardCommands, boardShortcuts } from "./board-shortcuts.ts";

/**
 * Listens on `target` (the window) for the board's shortcuts, each doing to `board()` (the board as it is when
 * the key is pressed) what keyboard/board-shortcuts.ts says. Returns a function that stops listening.
 */
export function bindBoardKeys(target: EventTarget, board: () => BoardCommands): () => void {
  return bindShortcuts(target, () => boardShortcuts(board()));
}
