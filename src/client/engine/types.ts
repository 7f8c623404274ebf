/** Public types of the drawing engine. The engine is framework-free; React only mounts it. */

/** How a stroke is painted. Each stroke carries its own style so a redraw reproduces it exactly. */
export interface StrokeStyle {
  /** CSS colour of the brush (ignored while `eraser` is on). */
  readonly colour: string;
  /** Brush width in canvas pixels (the 600 x 600 space). */
  readonly width: number;
  /** When on, the stroke paints the background colour (white), as the spec's eraser does. */
  readonly eraser: boolean;
}

/** A point in canvas pixels (0..600 on both axes). */
export interface Point {
  readonly x: number;
  readonly y: number;
  /**
   * Pen pressure 0..1, recorded for pens only (see docs/decisions/0008): it scales the stroke's width from
   * 0.5x to 1.5x of the brush. Absent for mouse and touch, whose strokes keep the brush's width exactly.
   */
  readonly pressure?: number;
}

/** A finished or live stroke: data enough to draw it again identically. */
export interface Stroke {
  readonly style: StrokeStyle;
  readonly points: readonly Point[];
  /**
   * Whether its first point was painted as a dot. Always for a tap; for a stroke only when the press was
   * on screen a frame before the first move drew over it (see LiveStroke), so a replay paints what was seen.
   */
  readonly dot: boolean;
}

/**
 * A finished piece of work of a tool other than the brush (a caption, a sticker, a fill), as the history
 * keeps it. `paint` draws it in the 600 x 600 drawing space (the context's transform maps that to its bitmap)
 * with the same canvas calls every time, so a replay (undo to a later checkpoint, redo) gives the same pixels.
 * The tools build these (src/client/tools); the engine only paints and records them.
 */
export interface ToolAction {
  readonly kind: "caption" | "sticker" | "fill";
  paint(context: CanvasRenderingContext2D): void;
}

/**
 * What a press on the canvas does: "draw" paints a stroke with the brush; "tap" draws nothing and reports
 * the press as a 'tap' event (fill, pick colour, placing a caption or a sticker act on it).
 */
export type InputMode = "draw" | "tap";

/** A press on the canvas in "tap" mode. */
export interface Tap {
  readonly point: Point;
  readonly pointerType: string;
}

/** A rectangle of the drawing, in whole drawing pixels (the 600 x 600 space), inside the canvas. */
export interface PixelRect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** What the engine tells its host; none of these fire per pointer move. */
export interface EngineEvents {
  /** The first-display state (white + mirrored mascot, or white alone) is painted; input is accepted. */
  ready: undefined;
  strokestart: undefined;
  /**
   * The picture changed: a stroke was committed (given, so a copy of the drawing can draw it again), or null
   * for an undo, redo, clear or tool, which may have changed it all.
   */
  change: Stroke | null;
  /** canUndo / canRedo may have changed. */
  historychange: { readonly canUndo: boolean; readonly canRedo: boolean };
  /** A press in "tap" input mode (once per press, never per move). */
  tap: Tap;
}

export type EngineEventName = keyof EngineEvents;
export type EngineListener<E extends EngineEventName> = (detail: EngineEvents[E]) => void;
