import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ToolButtons } from "../board/ToolButtons.tsx";
import { shortcutFor } from "../keyboard/shortcuts.ts";
import type { ToolContext, ToolDescriptor } from "./tool.ts";
import { DEFAULT_TOOL, TOOLS, toolKeys } from "./tool-list.ts";
import { pressTool, type Toolbox } from "./use-toolbox.ts";

/** A tool that is not the page's: one more descriptor in the list, as a new tool's folder would add. */
const STAMP: ToolDescriptor = {
  id: "stamp",
  label: "Stamp",
  icon: "sticker",
  key: "G",
  keyHelp: "Stamp the drawing",
  input: "tap",
  cursor: "copy",
  uses: ["colour"],
  makes: "sticker",
};

function buttons(tools: readonly ToolDescriptor[], current: string): string {
  return renderToStaticMarkup(createElement(ToolButtons, { tools, current, onPress: () => {} }));
}

function letter(key: string) {
  return { key, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false };
}

describe("the tools' list", () => {
  it("gives a tool added to it a button (named, pressed when current, with its key) and its key", () => {
    const tools = [...TOOLS, STAMP];
    const markup = buttons(tools, "stamp");
    expect(markup).toContain('aria-label="Stamp"');
    expect(markup).toMatch(/aria-pressed="true"[^>]*aria-keyshortcuts="G"[^>]*data-tool="stamp"/);
    expect(shortcutFor(letter("g"), toolKeys(tools))).toEqual({ tool: "stamp" });
    expect(shortcutFor(letter("g"))).toBeNull();
  });

  it("draws every page tool's button in the list's order, one pressed, each taking a press at once", () => {
    const markup = buttons(TOOLS, "fill");
    const order = [...markup.matchAll(/data-tool="([a-z]+)"/g)].map((match) => match[1]);
    expect(order).toEqual(TOOLS.map((tool) => tool.id));
    expect(markup.match(/aria-pressed="true"/g)).toHaveLength(1);
    expect(markup).not.toContain("disabled");
  });

  it("maps each tool's key, and no two tools share one", () => {
    const keys = toolKeys();
    expect([...keys.entries()]).toEqual([
      ["e", "eraser"],
      ["t", "text"],
      ["f", "fill"],
      ["i", "pick"],
    ]);
  });
});

describe("pressing a tool", () => {
  function toolbox(current: string, previous = DEFAULT_TOOL.id): Toolbox & { chosen: string[] } {
    const chosen: string[] = [];
    return {
      tools: TOOLS,
      state: { current, previous },
      tool: TOOLS.find((tool) => tool.id === current) ?? DEFAULT_TOOL,
      choose: (id) => chosen.push(id),
      endErasing: () => {},
      chosen,
    };
  }

  it("makes it current; pressed again it turns off (the default tool comes back)", () => {
    const box = toolbox("brush");
    pressTool(box, "eraser", null);
    const again = toolbox("eraser");
    pressTool(again, "eraser", null);
    expect([...box.chosen, ...again.chosen]).toEqual(["eraser", "brush"]);
  });

  it("lets a current tool decide what pressing it again does (Pick colour goes back to the tool before)", () => {
    const box = toolbox("pick", "fill");
    const context = { previous: "fill", choose: box.choose } as unknown as ToolContext;
    pressTool(box, "pick", context);
    expect(box.chosen).toEqual(["fill"]);
  });
});
