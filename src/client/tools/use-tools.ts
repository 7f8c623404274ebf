/** The tool in use, the recent custom colours, and what a tap on the canvas does: React state, no per-move work. */
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { CANVAS_SIZE } from "../../common/constants.ts";
import type { DrawingEngine } from "../engine/drawing-engine.ts";
import type { Point, StrokeStyle } from "../engine/types.ts";
import { lazyChunk } from "../lazy/lazy-chunk.ts";
import { readRecentColours, withRecent, writeRecentColours } from "./recent-colours.ts";
import {
  afterPick,
  BRUSH,
  inputModeOf,
  type TapIntent,
  type ToolName,
  type ToolState,
  tapIntent,
  toggleTool,
} from "./tool-state.ts";

/** The fill's code (scanline fill, edge blending, run-length coding) loads when Fill is first used. */
const fillChunk = lazyChunk(() => import("./fill-at.ts"));

/** What the board hands the tools. */
export interface ToolsHost {
  readonly engine: DrawingEngine | null;
  readonly style: StrokeStyle;
  readonly setStyle: (change: Partial<StrokeStyle>) => void;
  /** Says something in the board's polite live region. */
  readonly announce: (message: string) => void;
  /** A tap that places a caption or a sticker (the panels that edit them handle it). */
  readonly place?: (intent: TapIntent, point: Point) => void;
}

/** The tools as the board shows them. */
export interface Tools {
  readonly state: ToolState;
  readonly setState: (state: ToolState) => void;
  /** Does what a tap at `point` does with the tool in use (the keyboard point's Enter). */
  readonly tap: (point: Point) => void;
  readonly toggle: (tool: ToolName) => void;
  readonly recent: readonly string[];
  /** Sets the brush colour; `remember` adds it to the recent colours. */
  readonly chooseColour: (colour: string, remember: boolean) => void;
}

/** The drawing's colour at a point, as #rrggbb (the canvas is opaque, so alpha is left out). */
function colourAt(engine: DrawingEngine, point: Point): string {
  const clamp = (value: number) => Math.min(CANVAS_SIZE - 1, Math.max(0, Math.floor(value)));
  const [red = 0, green = 0, blue = 0] = engine.getImageData(clamp(point.x), clamp(point.y), 1, 1).data;
  return `#${((1 << 24) | (red << 16) | (green << 8) | blue).toString(16).slice(1)}`;
}

/** Tool state and tap handling over the engine: the engine hears "draw" or "tap" and reports taps once. */
export function useTools(host: ToolsHost): Tools {
  const [state, setState] = useState<ToolState>(BRUSH);
  const [recent, setRecent] = useState<string[]>(() => readRecentColours());
  const latest = useRef({ host, state });
  useLayoutEffect(() => {
    latest.current = { host, state };
  });

  const chooseColour = (colour: string, remember: boolean): void => {
    host.setStyle({ colour, eraser: false });
    if (!remember) return;
    setRecent((current) => {
      const next = withRecent(current, colour);
      writeRecentColours(next);
      return next;
    });
  };
  const chooseColourRef = useRef(chooseColour);
  chooseColourRef.current = chooseColour;

  const engine = host.engine;
  useEffect(() => {
    engine?.setInputMode(inputModeOf(state));
  }, [engine, state]);

  // What a tap does, for the engine's taps and the keyboard point's alike; reads the latest state.
  const tap = useRef((point: Point): void => {
    const { host: current, state: tool } = latest.current;
    const target = current.engine;
    if (target === null) return;
    const intent = tapIntent(tool);
    if (intent.kind === "fill") {
      const colour = current.style.eraser ? "#ffffff" : current.style.colour;
      fillChunk.load().then(
        ({ fillAt }) => fillAt(target, point, colour),
        (error: unknown) => console.warn("Fanvas: the fill could not be loaded; try again.", error),
      );
    } else if (intent.kind === "pick") {
      const colour = colourAt(target, point);
      chooseColourRef.current(colour, true);
      setState(afterPick(tool));
      current.announce(`Colour ${colour} picked`);
    } else if (intent.kind !== "none") {
      current.place?.(intent, point);
    }
  }).current;

  useEffect(() => engine?.on("tap", ({ point }) => tap(point)), [engine, tap]);

  return {
    state,
    setState,
    tap,
    toggle: (tool) => setState((current) => toggleTool(current, tool)),
    recent,
    chooseColour,
  };
}
