import { describe, expect, it } from "vitest";
import { afterPick, BRUSH, chooseSticker, inputModeOf, tapIntent, toggleTool } from "./tool-state.ts";

describe("tool state", () => {
  it("only the brush draws; every other tool hears taps", () => {
    expect(inputModeOf(BRUSH)).toBe("draw");
    for (const tool of ["text", "stickers", "fill", "pick"] as const) {
      expect(inputModeOf(toggleTool(BRUSH, tool))).toBe("tap");
    }
  });

  it("a tool's control turns it on, and pressed again goes back to the brush", () => {
    expect(toggleTool(BRUSH, "fill")).toEqual({ tool: "fill" });
    expect(toggleTool({ tool: "fill" }, "fill")).toEqual(BRUSH);
    expect(toggleTool({ tool: "fill" }, "text")).toEqual({ tool: "text" });
  });

  it("a tap asks for what the tool does; stickers place only once one is chosen", () => {
    expect(tapIntent(BRUSH)).toEqual({ kind: "none" });
    expect(tapIntent({ tool: "text" })).toEqual({ kind: "caption" });
    expect(tapIntent(toggleTool(BRUSH, "stickers"))).toEqual({ kind: "none" });
    expect(tapIntent(chooseSticker("crown"))).toEqual({ kind: "sticker", sticker: "crown" });
    expect(tapIntent({ tool: "fill" })).toEqual({ kind: "fill" });
  });

  it("Pick colour remembers the tool before it and gives it back after the pick or when turned off", () => {
    const picking = toggleTool({ tool: "fill" }, "pick");
    expect(tapIntent(picking)).toEqual({ kind: "pick" });
    expect(afterPick(picking)).toEqual({ tool: "fill" });
    expect(toggleTool(picking, "pick")).toEqual({ tool: "fill" });
    expect(afterPick(BRUSH)).toEqual(BRUSH);
  });
});
