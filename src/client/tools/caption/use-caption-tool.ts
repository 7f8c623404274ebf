/** Text as a tool: what choosing it, pressing it again, leaving it and choosing a colour do to the caption. */
import { useEffect, useLayoutEffect, useRef } from "react";
import { expectCaption } from "../../keyboard/caption-keys.ts";
import type { ToolName } from "../tool-state.ts";
import { hasText } from "./caption-layout.ts";
import type { CaptionEditing } from "./use-caption.ts";

/**
 * Wires the open caption to the tool in use and the colour: choosing Text opens a caption at the next free
 * place (top, bottom, middle) in the colour chosen; pressing Text again places the caption being typed and
 * opens the next one, ready for typing at once (with none typed yet, it turns Text off as another tool's
 * button does); leaving Text places what was typed; a colour chosen while a caption is open colours it.
 * Returns what a tool's button or key does, `toggle` for every tool but that.
 */
export function useCaptionTool(
  caption: CaptionEditing,
  tool: string,
  colour: string,
  toggle: (tool: ToolName) => void,
): (tool: ToolName) => void {
  const latest = useRef({ caption, tool, colour, toggle });
  useLayoutEffect(() => {
    latest.current = { caption, tool, colour, toggle };
  });

  const previousTool = useRef(tool);
  useEffect(() => {
    const was = previousTool.current;
    previousTool.current = tool;
    if (tool === "text" && was !== "text" && caption.caption === null) void caption.openNext(colour);
    if (was === "text" && tool !== "text") void caption.commit();
  });

  const captionOpen = caption.caption !== null;
  const change = caption.change;
  const chosenColour = useRef(colour);
  useEffect(() => {
    if (chosenColour.current === colour) return;
    chosenColour.current = colour;
    if (captionOpen) change({ colour });
  });

  return useRef((pressed: ToolName) => {
    const current = latest.current;
    const open = current.caption.caption;
    if (pressed !== "text") return current.toggle(pressed);
    if (current.tool !== "text") {
      // Keys typed from now on are the caption's, even before its field is there.
      expectCaption();
      return current.toggle(pressed);
    }
    if (open !== null && !hasText(open)) return current.toggle(pressed);
    void current.caption.openNext(current.colour);
  }).current;
}
