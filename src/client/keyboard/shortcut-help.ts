/**
 * What the shortcuts help lists, for this visitor's platform: ⌘ on Apple devices, Ctrl elsewhere (the mapping in
 * shortcuts.ts accepts both everywhere; the help shows only the one the visitor's keyboard has). Kept apart from
 * the mapping so it loads with the help, not with the page. Tools' keys come from the tools' list.
 */
import { TOOLS } from "../tools/tool-list.ts";

/** One line of the shortcuts help: the keys (alternatives) and what they do. */
export interface ShortcutHelpEntry {
  /** Each alternative is a list of keys pressed together, e.g. [["Ctrl", "Y"]]. */
  readonly keys: readonly (readonly string[])[];
  readonly description: string;
}

/** The command modifier's key cap. */
export type CommandKey = "⌘" | "Ctrl";

/** What the browser says about its platform; navigator fits. */
export interface PlatformHints {
  readonly platform?: string;
  readonly userAgent?: string;
  readonly userAgentData?: { readonly platform?: string };
}

/** ⌘ on macOS, iPadOS and iOS (whose hardware keyboards have it), Ctrl on every other platform. */
export function commandKeyFor(hints: PlatformHints): CommandKey {
  const platform = hints.userAgentData?.platform || hints.platform || hints.userAgent || "";
  return /mac|iphone|ipad|ipod/i.test(platform) ? "⌘" : "Ctrl";
}

/** The help's lines, in the order a visitor is likely to need them, naming only `command` as the modifier. */
export function shortcutHelp(command: CommandKey): readonly ShortcutHelpEntry[] {
  // Ctrl+Y is the Windows redo; on Apple, Cmd+Y belongs to the browser (see shortcuts.ts).
  const redo =
    command === "Ctrl"
      ? [
          [command, "Shift", "Z"],
          [command, "Y"],
        ]
      : [[command, "Shift", "Z"]];
  return [
    { keys: [[command, "Z"]], description: "Undo" },
    { keys: redo, description: "Redo" },
    ...TOOLS.flatMap(({ key, keyHelp, label }) =>
      key === undefined ? [] : [{ keys: [[key]], description: keyHelp ?? label }],
    ),
    { keys: [["["]], description: "Smaller brush" },
    { keys: [["]"]], description: "Larger brush" },
    { keys: [[command, "S"]], description: "Save image" },
    { keys: [["+"]], description: "Zoom in" },
    { keys: [["-"]], description: "Zoom out" },
    { keys: [["0"]], description: "Fit the whole drawing" },
    {
      keys: [["Arrow keys"], ["Space", "drag"], ["Middle button drag"]],
      description: "Move around while zoomed (Shift+arrows: farther)",
    },
    { keys: [["?"]], description: "Show or hide these shortcuts" },
    { keys: [["Esc"]], description: "Close these shortcuts, a panel, or cancel a caption or sticker" },
    { keys: [["Enter"]], description: "Place a caption or sticker" },
  ];
}
