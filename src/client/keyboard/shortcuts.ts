/** The page's keyboard shortcuts as pure data and pure functions: no DOM, no React, testable in Node. */
import { toolKeys } from "../tools/tool-list.ts";

/** What a shortcut asks the drawing board to do, other than pressing a tool. */
export type BoardAction =
  | "undo"
  | "redo"
  | "brush-smaller"
  | "brush-larger"
  | "save"
  | "toggle-help"
  | "zoom-in"
  | "zoom-out"
  | "zoom-fit";

/** What a shortcut asks for: a board action, or a tool's button pressed (its key from the tools' list). */
export type ShortcutAction = BoardAction | { readonly tool: string };

/** The element a key event was aimed at, as far as deciding "is the visitor typing?" needs. */
export interface KeyTargetLike {
  readonly tagName?: string;
  readonly isContentEditable?: boolean;
}

/** The parts of a KeyboardEvent the mapping reads; a real KeyboardEvent fits. */
export interface KeyEventLike {
  readonly key: string;
  /** Physical key ("KeyZ"); used for letters when the layout's `key` is not a Latin letter (e.g. Cyrillic). */
  readonly code?: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly shiftKey: boolean;
  readonly altKey: boolean;
  /** True while an input method is composing text: those keys belong to the composition. */
  readonly isComposing?: boolean;
  readonly repeat?: boolean;
  readonly target?: KeyTargetLike | null;
}

/** Elements whose keys are the visitor's text, never a shortcut. */
const TYPING_TAGS = new Set(["INPUT", "TEXTAREA", "SELECT"]);

/** True when keys pressed on `target` are typing (an input, textarea, select or contenteditable element). */
export function isTypingTarget(target: KeyTargetLike | null | undefined): boolean {
  if (!target) return false;
  if (target.isContentEditable === true) return true;
  return TYPING_TAGS.has((target.tagName ?? "").toUpperCase());
}

/** The Latin letter a key stands for, lower case; falls back to the physical key on non-Latin layouts. */
function letterOf(event: KeyEventLike): string | null {
  if (/^[a-z]$/i.test(event.key)) return event.key.toLowerCase();
  const physical = /^Key([A-Z])$/.exec(event.code ?? "");
  // Only when the layout produced no Latin letter at all, so AZERTY's "z" stays where the visitor sees it.
  if (physical?.[1] && !/^[\x20-\x7e]$/.test(event.key)) return physical[1].toLowerCase();
  return null;
}

/** Ctrl or Cmd (Meta) combinations: undo, redo, save. */
function commandShortcut(event: KeyEventLike): BoardAction | null {
  const letter = letterOf(event);
  if (letter === "z") return event.shiftKey ? "redo" : "undo";
  // Ctrl+Y is the Windows redo; Cmd+Y is left to the browser (history in Safari and Chrome on macOS).
  if (letter === "y" && event.ctrlKey && !event.metaKey && !event.shiftKey) return "redo";
  if (letter === "s" && !event.shiftKey) return "save";
  return null;
}

/** Zoom keys, by the character typed ("=" is "+" without Shift on most layouts). */
const ZOOM_SHORTCUTS: Readonly<Record<string, BoardAction>> = {
  "+": "zoom-in",
  "=": "zoom-in",
  "-": "zoom-out",
  "0": "zoom-fit",
};

/**
 * Keys pressed without Ctrl/Cmd: tools (each tool's letter, any case, or the physical key on other layouts),
 * brush size, zoom, help. Held keys do not toggle again and again.
 */
function plainShortcut(event: KeyEventLike, tools: ReadonlyMap<string, string>): ShortcutAction | null {
  if (event.key === "[") return "brush-smaller";
  if (event.key === "]") return "brush-larger";
  const zoom = ZOOM_SHORTCUTS[event.key];
  if (zoom !== undefined) return zoom;
  if (event.repeat === true) return null;
  if (event.key === "?") return "toggle-help";
  const tool = tools.get(letterOf(event) ?? "");
  return tool === undefined ? null : { tool };
}

/** The page's tools' letters (see toolKeys). */
const TOOL_KEYS = toolKeys();

/**
 * The action a key press asks for, or null when it is not a shortcut; `tools` maps letters to the tools they
 * press (default: the page's tools). Nothing fires while the visitor types in a field, while an input method
 * composes, or with Alt (AltGr on Windows reports Ctrl+Alt, and Alt combinations belong to the browser and the
 * system); plain letters never fire with Ctrl or Cmd held.
 */
export function shortcutFor(
  event: KeyEventLike,
  tools: ReadonlyMap<string, string> = TOOL_KEYS,
): ShortcutAction | null {
  if (event.altKey || event.isComposing === true || isTypingTarget(event.target)) return null;
  return event.ctrlKey || event.metaKey ? commandShortcut(event) : plainShortcut(event, tools);
}
