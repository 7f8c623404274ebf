/** Connects the pure shortcut mapping to a document's key presses. Framework-free. */
import { activatesOnSpace, entersText, takeCaptionKey } from "./caption-keys.ts";
import { type BoardAction, shortcutFor } from "./shortcuts.ts";

/** What to do for each action, and for a tool's key; return values ignored. */
export type ShortcutHandlers = Readonly<Record<BoardAction, () => void>> & {
  readonly tool: (id: string) => void;
};

/**
 * Listens for shortcuts on `target` (usually the window) and runs the matching handler. A matched key's
 * default is prevented, so Ctrl/Cmd+S never opens the browser's save dialog and Ctrl+Z never reaches the
 * browser; every other key is left alone. While a caption is open or opening, a character typed outside a
 * field is the caption's (caption-keys.ts), never a shortcut. Returns a function that stops listening.
 */
export function bindShortcuts(target: EventTarget, handlers: () => ShortcutHandlers): () => void {
  const onKeyDown = (event: Event) => {
    if (!(event instanceof KeyboardEvent) || event.defaultPrevented) return;
    // composedPath()[0] is the real focus target even inside a shadow root.
    const focused = event.composedPath()[0];
    const element = focused instanceof Element ? focused : null;
    if (!entersText(element) && takeCaptionKey(event, activatesOnSpace(element))) return;
    const action = shortcutFor({
      key: event.key,
      code: event.code,
      ctrlKey: event.ctrlKey,
      metaKey: event.metaKey,
      shiftKey: event.shiftKey,
      altKey: event.altKey,
      isComposing: event.isComposing,
      repeat: event.repeat,
      target: element === null ? null : asKeyTarget(element),
    });
    if (action === null) return;
    event.preventDefault();
    if (typeof action === "string") handlers()[action]();
    else handlers().tool(action.tool);
  };
  target.addEventListener("keydown", onKeyDown);
  return () => target.removeEventListener("keydown", onKeyDown);
}

/** An element as the mapping sees it; `isContentEditable` only exists on HTML elements. */
function asKeyTarget(element: Element): { tagName: string; isContentEditable: boolean } {
  const editable = "isContentEditable" in element && element.isContentEditable === true;
  return { tagName: element.tagName, isContentEditable: editable };
}
