import { describe, expect, it } from "vitest";
import { BRUSH_SIZES } from "../../common/constants.ts";
import { commandKeyFor, shortcutHelp } from "./shortcut-help.ts";
import { isTypingTarget, type KeyEventLike, shortcutFor } from "./shortcuts.ts";
import { stepBrushSize } from "./step-brush-size.ts";

/** A key press with no modifiers on the page body, overridden by `parts`. */
function key(parts: Partial<KeyEventLike> & { key: string }): KeyEventLike {
  return {
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    altKey: false,
    target: { tagName: "BODY" },
    ...parts,
  };
}

describe("shortcutFor", () => {
  it("maps Ctrl+Z and Cmd+Z to undo", () => {
    expect(shortcutFor(key({ key: "z", ctrlKey: true }))).toBe("undo");
    expect(shortcutFor(key({ key: "z", metaKey: true }))).toBe("undo");
  });

  it("maps Ctrl/Cmd+Shift+Z and Ctrl+Y to redo", () => {
    expect(shortcutFor(key({ key: "Z", ctrlKey: true, shiftKey: true }))).toBe("redo");
    expect(shortcutFor(key({ key: "Z", metaKey: true, shiftKey: true }))).toBe("redo");
    expect(shortcutFor(key({ key: "y", ctrlKey: true }))).toBe("redo");
  });

  it("leaves Cmd+Y and Ctrl+Shift+Y to the browser", () => {
    expect(shortcutFor(key({ key: "y", metaKey: true }))).toBeNull();
    expect(shortcutFor(key({ key: "Y", ctrlKey: true, shiftKey: true }))).toBeNull();
  });

  it("maps Ctrl+S and Cmd+S to save, but not Ctrl+Shift+S", () => {
    expect(shortcutFor(key({ key: "s", ctrlKey: true }))).toBe("save");
    expect(shortcutFor(key({ key: "s", metaKey: true }))).toBe("save");
    expect(shortcutFor(key({ key: "S", ctrlKey: true, shiftKey: true }))).toBeNull();
  });

  it("maps E (either case) to the eraser toggle", () => {
    expect(shortcutFor(key({ key: "e" }))).toEqual({ tool: "eraser" });
    expect(shortcutFor(key({ key: "E", shiftKey: true }))).toEqual({ tool: "eraser" });
  });

  it("maps [ and ] to brush size down and up, also when held", () => {
    expect(shortcutFor(key({ key: "[" }))).toBe("brush-smaller");
    expect(shortcutFor(key({ key: "]" }))).toBe("brush-larger");
    expect(shortcutFor(key({ key: "]", repeat: true }))).toBe("brush-larger");
  });

  it("maps T, F and I to Text, Fill and Pick colour, and + = - 0 to zoom in, out and fit", () => {
    expect(shortcutFor(key({ key: "t" }))).toEqual({ tool: "text" });
    expect(shortcutFor(key({ key: "F", shiftKey: true }))).toEqual({ tool: "fill" });
    expect(shortcutFor(key({ key: "i" }))).toEqual({ tool: "pick" });
    expect(shortcutFor(key({ key: "+", shiftKey: true }))).toBe("zoom-in");
    expect(shortcutFor(key({ key: "=" }))).toBe("zoom-in");
    expect(shortcutFor(key({ key: "-" }))).toBe("zoom-out");
    expect(shortcutFor(key({ key: "0" }))).toBe("zoom-fit");
    expect(shortcutFor(key({ key: "t", ctrlKey: true }))).toBeNull();
    expect(shortcutFor(key({ key: "=", ctrlKey: true }))).toBeNull();
  });

  it("maps ? to the help toggle", () => {
    expect(shortcutFor(key({ key: "?", shiftKey: true }))).toBe("toggle-help");
  });

  it("does not toggle again while E or ? is held down", () => {
    expect(shortcutFor(key({ key: "e", repeat: true }))).toBeNull();
    expect(shortcutFor(key({ key: "?", shiftKey: true, repeat: true }))).toBeNull();
  });

  it("never fires a plain-letter or bracket shortcut with Ctrl or Cmd held", () => {
    for (const modifier of [{ ctrlKey: true }, { metaKey: true }]) {
      expect(shortcutFor(key({ key: "e", ...modifier }))).toBeNull();
      expect(shortcutFor(key({ key: "[", ...modifier }))).toBeNull();
      expect(shortcutFor(key({ key: "]", ...modifier }))).toBeNull();
      expect(shortcutFor(key({ key: "?", shiftKey: true, ...modifier }))).toBeNull();
    }
  });

  it("never fires with Alt (AltGr reports Ctrl+Alt)", () => {
    expect(shortcutFor(key({ key: "z", ctrlKey: true, altKey: true }))).toBeNull();
    expect(shortcutFor(key({ key: "e", altKey: true }))).toBeNull();
    expect(shortcutFor(key({ key: "]", ctrlKey: true, altKey: true }))).toBeNull();
    expect(shortcutFor(key({ key: "s", metaKey: true, altKey: true }))).toBeNull();
  });

  it("never fires while typing in an input, textarea, select or contenteditable element", () => {
    const fields = [
      { tagName: "INPUT" },
      { tagName: "textarea" },
      { tagName: "SELECT" },
      { tagName: "DIV", isContentEditable: true },
    ];
    for (const target of fields) {
      expect(shortcutFor(key({ key: "e", target }))).toBeNull();
      expect(shortcutFor(key({ key: "z", ctrlKey: true, target }))).toBeNull();
      expect(shortcutFor(key({ key: "s", ctrlKey: true, target }))).toBeNull();
      expect(shortcutFor(key({ key: "?", target }))).toBeNull();
    }
  });

  it("fires when focus is on a button or the canvas", () => {
    expect(shortcutFor(key({ key: "e", target: { tagName: "BUTTON" } }))).toEqual({ tool: "eraser" });
    expect(shortcutFor(key({ key: "z", ctrlKey: true, target: { tagName: "CANVAS" } }))).toBe("undo");
    expect(shortcutFor(key({ key: "]", target: null }))).toBe("brush-larger");
  });

  it("ignores keys that belong to an input method composition", () => {
    expect(shortcutFor(key({ key: "e", isComposing: true }))).toBeNull();
  });

  it("uses the physical key on layouts without Latin letters, but the typed letter on Latin ones", () => {
    expect(shortcutFor(key({ key: "я", code: "KeyZ", ctrlKey: true }))).toBe("undo");
    expect(shortcutFor(key({ key: "у", code: "KeyE" }))).toEqual({ tool: "eraser" });
    // AZERTY: the key labelled Z sits where QWERTY has W.
    expect(shortcutFor(key({ key: "z", code: "KeyW", ctrlKey: true }))).toBe("undo");
    expect(shortcutFor(key({ key: "w", code: "KeyZ", ctrlKey: true }))).toBeNull();
  });

  it("returns null for keys that are not shortcuts", () => {
    for (const plain of ["a", "z", "s", "y", "Enter", " ", "Escape", "Tab", "ArrowLeft", "{", "}"]) {
      expect(shortcutFor(key({ key: plain })), plain).toBeNull();
    }
    expect(shortcutFor(key({ key: "a", ctrlKey: true }))).toBeNull();
    expect(shortcutFor(key({ key: "Control", ctrlKey: true }))).toBeNull();
  });
});

describe("isTypingTarget", () => {
  it("treats only text fields and contenteditable elements as typing", () => {
    expect(isTypingTarget({ tagName: "INPUT" })).toBe(true);
    expect(isTypingTarget({ tagName: "P", isContentEditable: true })).toBe(true);
    expect(isTypingTarget({ tagName: "BUTTON" })).toBe(false);
    expect(isTypingTarget({ tagName: "BODY", isContentEditable: false })).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
    expect(isTypingTarget(undefined)).toBe(false);
  });
});

describe("stepBrushSize", () => {
  it("walks up through 1, 3, 5, 8, 12 and stops at 12", () => {
    const seen = [1];
    for (let i = 0; i < 6; i++) seen.push(stepBrushSize(seen.at(-1) as number, 1));
    expect(seen).toEqual([1, 3, 5, 8, 12, 12, 12]);
  });

  it("walks down through 12, 8, 5, 3, 1 and stops at 1", () => {
    const seen = [12];
    for (let i = 0; i < 6; i++) seen.push(stepBrushSize(seen.at(-1) as number, -1));
    expect(seen).toEqual([12, 8, 5, 3, 1, 1, 1]);
  });

  it("steps from an unlisted width to the neighbouring listed size", () => {
    expect(stepBrushSize(4, 1)).toBe(5);
    expect(stepBrushSize(4, -1)).toBe(3);
    expect(stepBrushSize(20, -1)).toBe(12);
    expect(stepBrushSize(0, 1)).toBe(1);
  });

  it("uses the page's brush sizes by default", () => {
    expect(stepBrushSize(Math.min(...BRUSH_SIZES), -1)).toBe(Math.min(...BRUSH_SIZES));
    expect(stepBrushSize(Math.max(...BRUSH_SIZES), 1)).toBe(Math.max(...BRUSH_SIZES));
  });
});

describe("shortcutHelp", () => {
  it("describes every action the mapping can return", () => {
    for (const command of ["Ctrl", "⌘"] as const) {
      const described = shortcutHelp(command)
        .map((entry) => entry.description)
        .join(" | ");
      for (const word of ["Undo", "Redo", "Eraser", "Smaller", "Larger", "Save", "shortcuts"]) {
        expect(described).toContain(word);
      }
    }
  });

  it("names only the visitor's own modifier: Cmd on Apple, Ctrl elsewhere", () => {
    const keysOf = (command: "Ctrl" | "⌘") => shortcutHelp(command).flatMap((entry) => entry.keys.flat());
    expect(keysOf("⌘")).not.toContain("Ctrl");
    expect(keysOf("⌘")).toContain("⌘");
    expect(keysOf("Ctrl")).not.toContain("⌘");
    expect(keysOf("Ctrl")).toContain("Ctrl");
  });

  it("tells Apple platforms from the others by what the browser reports", () => {
    expect(commandKeyFor({ userAgentData: { platform: "macOS" } })).toBe("⌘");
    expect(commandKeyFor({ platform: "MacIntel" })).toBe("⌘");
    expect(commandKeyFor({ platform: "iPhone" })).toBe("⌘");
    expect(commandKeyFor({ platform: "", userAgent: "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)" })).toBe(
      "⌘",
    );
    expect(commandKeyFor({ userAgentData: { platform: "Windows" }, platform: "Win32" })).toBe("Ctrl");
    expect(commandKeyFor({ platform: "Linux x86_64" })).toBe("Ctrl");
    expect(commandKeyFor({})).toBe("Ctrl");
  });
});
