/** Public types of the drawing engine. The engine is framework-free; React only mounts it. */
import type { Operation } from "../../common/drawing-document/types.ts";

export type { StrokeStyle } from "../../common/drawing-document/types.ts";

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

/** A pointer position as input gives it: a point and when it was reported (the event's timeStamp, ms). */
export interface TimedPoint extends Point {
  readonly at: number;
}

/**
 * An operation as a tool makes it, before the engine adds whose it is and when (the author and time slots of
 * every operation in the log): `engine.apply(content)` stamps and paints it.
 */
export type OperationContent = Unstamped<Operation>;

/** Each member of a union of operations without its author and time. */
type Unstamped<O> = O extends Operation ? Omit<O, "author" | "time"> : never;

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

/**
 * How the log changed. "added": `operation` was painted and appended at `index` (any operations undone before it,
 * the redo tail, are gone), so the picture is the log's first index + 1 operations. "moved": undo or redo moved
 * the picture to the log's first `position` operations (the log itself is unchanged).
 */
export type LogChange =
  | { readonly kind: "added"; readonly operation: Operation; readonly index: number }
  | { readonly kind: "moved"; readonly position: number };

/** What the engine tells its host; none of these fire per pointer move. */
export interface EngineEvents {
  /** A first display (white + mirrored mascot, white, or a remix) is painted and a new log begun; input is on. */
  ready: undefined;
  strokestart: undefined;
  /** The picture changed by an operation, an undo or a redo (never by a restore or a replay of a document). */
  change: LogChange;
  /** canUndo / canRedo may have changed. */
  historychange: { readonly canUndo: boolean; readonly canRedo: boolean };
  /** A press in "tap" input mode (once per press, never per move). */
  tap: Tap;
}

export type EngineEventName = keyof EngineEvents;
export type EngineListener<E extends EngineEventName> = (detail: EngineEvents[E]) => void;
