import { afterEach, describe, expect, it } from "vitest";
import {
  attachCaptionField,
  type CaptionKey,
  detachCaptionField,
  endCaption,
  expectCaption,
  takeCaptionKey,
} from "./caption-keys.ts";

/** A key press as the shortcuts' listener sees it, noting whether its default was prevented. */
function press(key: string, timeStamp = 0, modifiers: Partial<CaptionKey> = {}) {
  const event = {
    key,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    isComposing: false,
    timeStamp,
    prevented: false,
    preventDefault() {
      event.prevented = true;
    },
    ...modifiers,
  };
  return event;
}

/** A stand-in for the caption's text field: counts how often it was given the focus. */
function fakeField() {
  const field = { focused: 0, focus: () => void field.focused++ };
  return field as typeof field & HTMLTextAreaElement;
}

afterEach(endCaption);

describe("keys typed for a caption", () => {
  it("are the page's while no caption is opening", () => {
    expect(takeCaptionKey(press("f"))).toBe(false);
  });

  it("are kept while its field is not there yet, and handed to the field once it is, Backspace taking one back", () => {
    expectCaption(0);
    for (const key of ["F", "R", "E", "X"]) expect(takeCaptionKey(press(key))).toBe(true);
    const backspace = press("Backspace");
    expect(takeCaptionKey(backspace)).toBe(true);
    expect(backspace.prevented).toBe(true);
    expect(takeCaptionKey(press("D"))).toBe(true);
    expect(attachCaptionField(fakeField())).toEqual({ text: "FRED", place: false });
    // Handed over once.
    expect(attachCaptionField(fakeField())).toEqual({ text: "", place: false });
  });

  it("go to the field once it is there: it is given the focus and the key is not stopped", () => {
    const field = fakeField();
    attachCaptionField(field);
    const space = press(" ");
    expect(takeCaptionKey(space)).toBe(true);
    expect(field.focused).toBe(1);
    expect(space.prevented).toBe(false);
  });

  it("leave a Space on a button or check box to it once the field is there, and keep it before", () => {
    expectCaption(0);
    const early = press(" ");
    expect(takeCaptionKey(early, true)).toBe(true);
    expect(early.prevented).toBe(true);
    const field = fakeField();
    expect(attachCaptionField(field).text).toBe(" ");
    expect(takeCaptionKey(press(" "), true)).toBe(false);
    expect(takeCaptionKey(press("F"), true)).toBe(true);
    expect(field.focused).toBe(1);
  });

  it("keep an Enter after letters kept early: the caption is placed with them, and keys before its field are dropped", () => {
    expectCaption(0);
    expect(takeCaptionKey(press("Enter"))).toBe(false);
    for (const key of ["G", "M"]) takeCaptionKey(press(key));
    const newLine = press("Enter", 0, { shiftKey: true });
    expect(takeCaptionKey(newLine)).toBe(true);
    expect(newLine.prevented).toBe(true);
    takeCaptionKey(press("!"));
    const enter = press("Enter");
    expect(takeCaptionKey(enter)).toBe(true);
    expect(enter.prevented).toBe(true);
    const shortcut = press("t");
    expect(takeCaptionKey(shortcut)).toBe(true);
    expect(shortcut.prevented).toBe(true);
    expect(attachCaptionField(fakeField())).toEqual({ text: "GM\n!", place: true });
  });

  it("leave combinations, named keys and input methods' keys to the page", () => {
    expectCaption(0);
    expect(takeCaptionKey(press("z", 0, { ctrlKey: true }))).toBe(false);
    expect(takeCaptionKey(press("Enter"))).toBe(false);
    expect(takeCaptionKey(press("Escape"))).toBe(false);
    expect(takeCaptionKey(press("a", 0, { isComposing: true }))).toBe(false);
    expect(takeCaptionKey(press("é"))).toBe(true);
  });

  it("are the page's again when the caption closes, or when its field never comes", () => {
    const field = fakeField();
    attachCaptionField(field);
    detachCaptionField(field);
    endCaption();
    expect(takeCaptionKey(press("f"))).toBe(false);
    expectCaption(1000);
    expect(takeCaptionKey(press("f", 2000))).toBe(true);
    expect(takeCaptionKey(press("f", 7000))).toBe(false);
  });
});
