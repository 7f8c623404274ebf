/**
 * What a tool is: one descriptor per tool, in one list (tool-list.ts). The panel's buttons, the key map, the
 * canvas's cursor, which groups of the panel show and the tool's own options all come from it; the board keeps
 * which tool is current in one place (use-toolbox.ts) and calls `enter` and `exit` as it changes
 * (docs/architecture.md: adding a tool). A descriptor is data and small functions: what a tool needs of the
 * tools' code (its panel, its editors) it reaches lazily or through the context.
 */
import type { ComponentType } from "react";
import type { OperationKind } from "../../common/drawing-document/types.ts";
import type { DrawingEngine } from "../engine/drawing-engine.ts";
import type { InputMode, Point, StrokeStyle } from "../engine/types.ts";
import type { IconName } from "../page/Icon.tsx";
import type { CaptionEditing } from "./caption/use-caption.ts";
import type { StickerEditing } from "./stickers/use-sticker.ts";

/** A tool's id ("brush", "text", ...): its button's and its cursor's name. */
export type ToolId = string;

/** The groups of the panel a tool may use besides the tools themselves. */
export type PanelGroup = "colour" | "size";

/** What a tool's hooks may use: the board, the engine, and the editors the tools' code keeps. */
export interface ToolContext {
  readonly engine: DrawingEngine;
  /** The brush as the visitor chose it (colour, width). */
  readonly style: StrokeStyle;
  /** Sets the brush colour; `remember` adds it to the recent colours. */
  readonly chooseColour: (colour: string, remember: boolean) => void;
  readonly announce: (message: string) => void;
  /** The tool now, and the one before it. */
  readonly current: ToolId;
  readonly previous: ToolId;
  /** Makes another tool current. */
  readonly choose: (tool: ToolId) => void;
  /** Turns the current tool off: the default tool comes back. */
  readonly leave: () => void;
  readonly caption: CaptionEditing;
  readonly sticker: StickerEditing;
}

/** One tool. */
export interface ToolDescriptor {
  readonly id: ToolId;
  /** Its button's accessible name and tooltip. */
  readonly label: string;
  readonly icon: IconName;
  /** The letter that presses its button (shown as the button's aria-keyshortcuts and in the help). */
  readonly key?: string;
  /** What its shortcut does, for the shortcuts help. */
  readonly keyHelp?: string;
  /** What a press on the canvas does while it is on: draw a stroke, or a tap (see `tap`). */
  readonly input: InputMode;
  /** The canvas's cursor: "brush" previews the brush (cursor/brush-cursor.ts); anything else is a CSS cursor. */
  readonly cursor: string;
  /** The groups of the panel it uses; the others make room for its own options while it is on. */
  readonly uses: readonly PanelGroup[];
  /** Its own options, shown in the panel while it is on (from its own chunk). */
  readonly Panel?: ComponentType<{ readonly context: ToolContext }>;
  /** The kind of operation it adds to the drawing's log; null when it changes nothing there. */
  readonly makes: OperationKind | null;
  /** The brush while it is on ({ eraser: true }: strokes paint the background colour). */
  readonly stroke?: Partial<StrokeStyle>;
  /** Keys typed right after choosing it are its text (never shortcuts), even before its field is there. */
  readonly typing?: boolean;
  /** Its action at a point, named ("Fill"): the keyboard point Tab reaches while it is on does it. */
  readonly pointAction?: string;
  /** Its button or key pressed while it is current: true when it handled that (otherwise back to the brush). */
  readonly pressAgain?: (context: ToolContext) => boolean;
  readonly enter?: (context: ToolContext) => void;
  readonly exit?: (context: ToolContext) => void;
  /** A tap on the canvas (or the keyboard point's Enter) at `point`, drawing pixels. */
  readonly tap?: (context: ToolContext, point: Point) => void;
}
