/**
 * Keys typed for a caption are the caption's, never shortcuts. Text (its button, its T key, a tap with it)
 * opens a caption whose field takes the focus once it is there; keys typed before then, or while the focus
 * is on a button of the panel, would otherwise reach the page's shortcuts ("FRED" would choose Fill and the
 * eraser). While a caption is opening or open, a character typed anywhere but in a field goes to the
 * caption: kept until its field is there, or the field is given the focus so the key lands in it. Enter after
 * letters kept early places the caption once they are in it, as it would in the field (Shift+Enter: a new line);
 * keys pressed after it and before then are dropped.
 * Framework-free and small: the shortcuts' listener asks it first, the caption's field reports to it.
 */

/** How long keys wait for a caption's field before they are the page's again (a field that never came). */
const WAIT_FOR_FIELD_MS = 5000;

let expectedSince: number | null = null;
let field: HTMLTextAreaElement | null = null;
let early = "";
/** Enter was pressed after the letters kept early: the caption is placed as soon as its field has them. */
let placeEarly = false;

/** What was typed for a caption before its field was there. */
export interface EarlyTyping {
  readonly text: string;
  /** Enter followed the text: the caption is to be placed with it. */
  readonly place: boolean;
}

/** The parts of a key press this looks at; a real KeyboardEvent fits. */
export interface CaptionKey {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
  readonly shiftKey: boolean;
  readonly isComposing: boolean;
  readonly timeStamp: number;
  preventDefault(): void;
}

/** Inputs whose keys are text typed into them; a checkbox, a slider or a button takes no text. */
const TEXT_INPUTS = new Set(["text", "search", "url", "email", "tel", "password", "number"]);

/** Whether keys pressed on `element` type text into it (the caption then leaves them alone). */
export function entersText(element: Element | null): boolean {
  if (element === null) return false;
  if (element instanceof HTMLElement && element.isContentEditable) return true;
  if (element.tagName === "TEXTAREA" || element.tagName === "SELECT") return true;
  return element.tagName === "INPUT" && TEXT_INPUTS.has((element as HTMLInputElement).type);
}

/** Roles and elements a Space press activates (a button, a check box): Space is theirs while the field is there. */
const SPACE_ROLES = new Set(["button", "checkbox", "radio", "switch", "tab", "menuitem", "option"]);
const SPACE_INPUTS = new Set(["button", "submit", "reset", "checkbox", "radio", "image"]);

/** Whether Space pressed on `element` activates it. */
export function activatesOnSpace(element: Element | null): boolean {
  if (element === null) return false;
  const role = element.getAttribute("role");
  if (role !== null) return SPACE_ROLES.has(role);
  if (element.tagName === "BUTTON" || element.tagName === "SUMMARY") return true;
  return element.tagName === "INPUT" && SPACE_INPUTS.has((element as HTMLInputElement).type);
}

/** A caption is opening (or open): from now on, characters typed are its text. */
export function expectCaption(now = performance.now()): void {
  expectedSince ??= now;
}

/** No caption is open any more: keys are the page's again, and nothing typed early is kept. */
export function endCaption(): void {
  expectedSince = null;
  field = null;
  early = "";
  placeEarly = false;
}

/** The open caption's field is there: returns what was typed for it before (for its text), once. */
export function attachCaptionField(element: HTMLTextAreaElement): EarlyTyping {
  expectCaption();
  field = element;
  const typed = { text: early, place: placeEarly };
  early = "";
  placeEarly = false;
  return typed;
}

/** The caption's field is gone (another caption's may follow). */
export function detachCaptionField(element: HTMLTextAreaElement): void {
  if (field === element) field = null;
}

/**
 * Called first for every key press not typed into text (entersText): true when the key is the caption's, and
 * the shortcuts must leave it alone. A character is kept for a field not there yet (its default prevented, so
 * a Space does not press the Text button again), or goes to the field, given the focus now (the browser types
 * it where the focus is once the key's own listeners ran). With the field there, a Space on a control it
 * activates (`onControl`: a button, a check box) is the control's, as a keyboard needs it to be. Backspace
 * takes back a character kept early.
 */
export function takeCaptionKey(event: CaptionKey, onControl = false): boolean {
  if (expectedSince === null || event.ctrlKey || event.metaKey || event.altKey || event.isComposing)
    return false;
  if (field === null && event.timeStamp - expectedSince > WAIT_FOR_FIELD_MS) {
    endCaption();
    return false;
  }
  // Keys after an early Enter are dropped until the field is there: the caption they follow is not placed yet,
  // and as shortcuts (T for a new caption, a tool's letter) they would act on it half-made. The field comes
  // within a moment of the code loading; a key in that moment is better lost than done out of order.
  if (placeEarly && field === null) {
    event.preventDefault();
    return true;
  }
  if (event.key === "Enter" && field === null && early.length > 0) {
    if (event.shiftKey) early += "\n";
    else placeEarly = true;
    event.preventDefault();
    return true;
  }
  if (event.key === "Backspace" && field === null && early.length > 0) {
    early = [...early].slice(0, -1).join("");
    event.preventDefault();
    return true;
  }
  if ([...event.key].length !== 1) return false;
  if (field !== null) {
    if (event.key === " " && onControl) return false;
    field.focus();
    return true;
  }
  early += event.key;
  event.preventDefault();
  return true;
}
