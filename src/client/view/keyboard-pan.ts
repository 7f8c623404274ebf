/** Arrow keys as pans of the zoomed view: which presses are for the view, and how far they move it. */
import { isTypingTarget } from "../keyboard/shortcuts.ts";
import { arrowMove } from "../tools/arrow-keys.ts";

/** One arrow press moves the view by this share of what is shown (Shift: the larger), like a scroll step. */
const PAN_STEP = { small: 0.125, large: 0.5 } as const;

/**
 * Where arrow keys already mean something: a text field or slider, a panel or dialog (the caption and
 * sticker panels, the shortcuts help), the caption or sticker being edited and the keyboard point (which
 * move themselves with arrows), a list of choices.
 */
const OWN_ARROWS =
  ".tool-panel, [role='dialog'], dialog, .keyboard-point, .caption-editor, .sticker-editor, " +
  "[role='radiogroup'], [role='listbox'], [role='menu'], [role='tablist'], [role='slider']";

/** The parts of a KeyboardEvent this reads; a real KeyboardEvent fits. */
export interface PanKeyEvent {
  readonly key: string;
  readonly shiftKey: boolean;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
  readonly defaultPrevented: boolean;
  readonly target: EventTarget | null;
}

/**
 * The pan (fractions of the viewport, for panBy) an arrow press asks of a view zoomed in, or null when the
 * press is not for the view: not an arrow, with a modifier other than Shift, already handled, or aimed at
 * something that uses arrows itself. An arrow moves what is shown that way: Right shows more of the right.
 */
export function keyboardPan(event: PanKeyEvent): readonly [number, number] | null {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return null;
  const move = arrowMove(event.key, event.shiftKey ? PAN_STEP.large : PAN_STEP.small);
  if (move === null) return null;
  const target = event.target;
  if (isElement(target) && (isTypingTarget(target) || target.closest(OWN_ARROWS) !== null)) return null;
  // 0 - x, not -x: a still axis stays 0, not -0.
  return [0 - move[0], 0 - move[1]];
}

/** Element, without relying on the global constructor (the event may come from another window). */
function isElement(target: EventTarget | null): target is Element {
  return target !== null && typeof (target as Element).closest === "function";
}
