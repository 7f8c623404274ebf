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
}

/** A finished or live stroke: data enough to draw it again identically. */
export interface Stroke {
  readonly style: StrokeStyle;
  readonly points: readonly Point[];
}

/** What the engine tells its host; none of these fire per pointer move. */
export interface EngineEvents {
  /** The first-display state (white + mirrored mascot, or white alone) is painted; input is accepted. */
  ready: undefined;
  strokestart: undefined;
  /** A stroke was committed (or an undo, redo or clear changed the picture). */
  change: undefined;
  /** canUndo / canRedo may have changed. */
  historychange: { readonly canUndo: boolean; readonly canRedo: boolean };
}

export type EngineEventName = keyof EngineEvents;
export type EngineListener<E extends EngineEventName> = (detail: EngineEvents[E]) => void;
