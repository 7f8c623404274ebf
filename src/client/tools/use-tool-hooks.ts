/** The current tool's hooks (enter, exit, taps) run with what they need: the context a descriptor is given. */
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import type { DrawingEngine } from "../engine/drawing-engine.ts";
import type { Point, StrokeStyle } from "../engine/types.ts";
import type { CaptionEditing } from "./caption/use-caption.ts";
import { readRecentColours, withRecent, writeRecentColours } from "./recent-colours.ts";
import type { StickerEditing } from "./stickers/use-sticker.ts";
import type { ToolContext } from "./tool.ts";
import { DEFAULT_TOOL } from "./tool-list.ts";
import type { Toolbox } from "./use-toolbox.ts";

/** What the hooks are built from. */
export interface ToolHooksHost {
  readonly engine: DrawingEngine | null;
  readonly style: StrokeStyle;
  readonly setStyle: (change: Partial<StrokeStyle>) => void;
  readonly announce: (message: string) => void;
  readonly toolbox: Toolbox;
  readonly caption: CaptionEditing;
  readonly sticker: StickerEditing;
}

/** The context of this render, the current tool's tap, and the recent custom colours. */
export interface ToolHooks {
  /** Null until the engine is there. */
  readonly context: ToolContext | null;
  /**
   * Does what a tap at `point` does with the current tool (the engine's taps, the keyboard point's Enter),
   * with `brush` when given: the brush as it was at a tap that waited for the tools' code.
   */
  readonly tap: (point: Point, brush?: StrokeStyle) => void;
  readonly recent: readonly string[];
  /** Sets the brush colour; `remember` adds it to the recent colours. */
  readonly chooseColour: (colour: string, remember: boolean) => void;
}

/**
 * Calls the previous tool's `exit` and the new one's `enter` whenever the current tool changes (also when the
 * tools' code arrives after a tool other than the default was chosen), and gives the current tool's `tap` for
 * the engine's taps (the board hands them on). Hooks read the latest context, never one of an earlier render.
 */
export function useToolHooks(host: ToolHooksHost): ToolHooks {
  const { engine, toolbox } = host;
  const [recent, setRecent] = useState<string[]>(() => readRecentColours());
  const chooseColour = (colour: string, remember: boolean): void => {
    host.setStyle({ colour });
    if (!remember) return;
    setRecent((current) => {
      const next = withRecent(current, colour);
      writeRecentColours(next);
      return next;
    });
  };
  const context: ToolContext | null =
    engine === null
      ? null
      : {
          engine,
          style: host.style,
          chooseColour,
          announce: host.announce,
          current: toolbox.state.current,
          previous: toolbox.state.previous,
          choose: toolbox.choose,
          leave: () => toolbox.choose(DEFAULT_TOOL.id),
          caption: host.caption,
          sticker: host.sticker,
        };
  const latest = useRef({ context, toolbox });
  useLayoutEffect(() => {
    latest.current = { context, toolbox };
  });

  // The tool the page starts with has nothing to leave or enter before another is chosen.
  const entered = useRef(toolbox.tools[0]?.id ?? "");
  useEffect(() => {
    const now = latest.current;
    if (now.context === null || entered.current === now.toolbox.state.current) return;
    now.toolbox.tools.find((tool) => tool.id === entered.current)?.exit?.(now.context);
    entered.current = now.toolbox.state.current;
    now.toolbox.tool.enter?.(now.context);
  });

  const tap = useRef((point: Point, brush?: StrokeStyle): void => {
    const { context: now, toolbox: tools } = latest.current;
    if (now !== null) tools.tool.tap?.(brush === undefined ? now : { ...now, style: brush }, point);
  }).current;

  return { context, tap, recent, chooseColour };
}
