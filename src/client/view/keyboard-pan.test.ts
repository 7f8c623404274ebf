import { describe, expect, it } from "vitest";
import { keyboardPan, type PanKeyEvent } from "./keyboard-pan.ts";

/** A focused element as keyboardPan sees it: its tag, and which of the given selectors it sits inside. */
function element(tagName: string, inside: string[] = []): EventTarget {
  return {
    tagName,
    isContentEditable: false,
    closest: (selectors: string) =>
      selectors.split(",").some((selector) => inside.includes(selector.trim())) ? {} : null,
  } as unknown as EventTarget;
}

function press(key: string, change: Partial<PanKeyEvent> = {}): PanKeyEvent {
  return {
    key,
    shiftKey: false,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    defaultPrevented: false,
    target: element("BODY"),
    ...change,
  };
}

describe("arrow keys pan the zoomed view", () => {
  it("moves what is shown the way the arrow points, farther with Shift", () => {
    expect(keyboardPan(press("ArrowRight"))).toEqual([-0.125, 0]);
    expect(keyboardPan(press("ArrowLeft"))).toEqual([0.125, 0]);
    expect(keyboardPan(press("ArrowDown"))).toEqual([0, -0.125]);
    expect(keyboardPan(press("ArrowUp", { shiftKey: true }))).toEqual([0, 0.5]);
  });

  it("works with focus on a toolbar button, the canvas or nowhere", () => {
    expect(keyboardPan(press("ArrowUp", { target: element("BUTTON") }))).not.toBeNull();
    expect(keyboardPan(press("ArrowUp", { target: element("CANVAS") }))).not.toBeNull();
    expect(keyboardPan(press("ArrowUp", { target: null }))).not.toBeNull();
  });

  it("leaves the arrows to fields, panels, the editors and anything already handled", () => {
    for (const tag of ["INPUT", "TEXTAREA", "SELECT"])
      expect(keyboardPan(press("ArrowLeft", { target: element(tag) })), tag).toBeNull();
    for (const place of [
      ".tool-panel",
      "[role='dialog']",
      ".keyboard-point",
      ".sticker-editor",
      ".caption-editor",
    ])
      expect(keyboardPan(press("ArrowLeft", { target: element("BUTTON", [place]) })), place).toBeNull();
    expect(keyboardPan(press("ArrowLeft", { defaultPrevented: true }))).toBeNull();
    for (const modifier of ["ctrlKey", "metaKey", "altKey"] as const)
      expect(keyboardPan(press("ArrowLeft", { [modifier]: true })), modifier).toBeNull();
    expect(keyboardPan(press("a"))).toBeNull();
  });
});
