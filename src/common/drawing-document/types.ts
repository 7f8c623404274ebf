/**
 * The drawing as data: where it started and the ordered log of what was done to it. Every operation is a plain,
 * serialisable record that holds all its painter needs to put the same pixels down again, so a log can be saved,
 * replayed (a timelapse), and sent while it is made (a live room). Positions are drawing pixels: 0 .. 600 on both
 * axes, the top left corner at 0, 0 (POSITION_RANGE says how far outside they may lie).
 */

/** What the drawing starts from: the mascot mirrored (the page's first display), white, or a remix's source. */
export type StartingPicture =
  | { readonly kind: "mascot" }
  | { readonly kind: "white" }
  /** A drawing on the wall, by its id (DRAWING_ID_PATTERN), painted as it is stored. */
  | { readonly kind: "drawing"; readonly id: string };

/** What every operation carries, so several people's operations can share one log and be replayed in time. */
export interface OperationBase {
  /** Who did it: a slot of the log (0 for a drawing made alone; a live room gives each person one). */
  readonly author: number;
  /**
   * When it began, whole milliseconds since the document began (a press, for a stroke). Usually rising along the
   * log, but not required to: a live room orders operations whose times come from several clocks.
   */
  readonly time: number;
}

/** A brush stroke's style, as the engine's StrokeStyle: each stroke carries its own, so a replay reproduces it. */
export interface StrokeStyle {
  /** #rrggbb, lower case (kept for an eraser stroke too, which paints the background colour instead). */
  readonly colour: string;
  /** Brush width in drawing pixels, a whole number 1 .. DRAWING_LIMITS.brushWidth. */
  readonly width: number;
  /** The eraser: paints the background colour. */
  readonly eraser: boolean;
}

/** One kept pointer position of a stroke, on the format's grid (toStrokePoint puts it there). */
export interface StrokePoint {
  /** Drawing pixels, a multiple of 1 / POINT_GRID. */
  readonly x: number;
  readonly y: number;
  /** Pen pressure 0 .. 1 in steps of 1 / PRESSURE_STEPS; absent for mouse and touch (docs/decisions/0008). */
  readonly pressure?: number;
  /** Whole milliseconds since the stroke's press (its operation's time); never less than the point before. */
  readonly elapsed: number;
}

/**
 * A stroke's points as columns, the i-th point being (x[i], y[i], elapsed[i], pressure?.[i]): every column as
 * long as x, at least one point. Columns of plain numbers rather than an object per point: a decoded drawing of
 * 250,000 points is then a few arrays per stroke instead of 750,000 small objects and boxed numbers, which
 * decodes some eight times faster and takes half the memory (docs/decisions/0020). toStrokePoints and
 * strokePointList convert from and to StrokePoint objects.
 */
export interface StrokePoints {
  readonly x: readonly number[];
  readonly y: readonly number[];
  readonly elapsed: readonly number[];
  /** A pen's pressure for every point; absent for mouse and touch. */
  readonly pressure?: readonly number[];
}

/** A stroke of the brush or the eraser through its points, in order. */
export interface StrokeOperation extends OperationBase {
  readonly kind: "stroke";
  readonly style: StrokeStyle;
  readonly points: StrokePoints;
  /** Whether its first point was painted as a dot (the engine's Stroke.dot: always for a tap). */
  readonly dot: boolean;
}

/** One line of a caption as it was laid out: painted centred (or aligned) on x, on its alphabetic baseline. */
export interface CaptionLine {
  /** The line's text, without line breaks (may be empty: a blank line). */
  readonly text: string;
  readonly x: number;
  readonly baseline: number;
}

/** How a caption's lines align on their x (the canvas's textAlign). */
export type CaptionAlign = "left" | "center" | "right";

/**
 * Text set in the caption face: the outline stroked first (round joins), then the letters filled over it.
 * Every number is the one the page laid out and painted, kept exactly (the size is fitted, so rarely whole).
 */
export interface CaptionOperation extends OperationBase {
  readonly kind: "caption";
  /** At least one line. */
  readonly lines: readonly CaptionLine[];
  /** Font size, drawing pixels. */
  readonly size: number;
  /** The letters' colour, #rrggbb. */
  readonly colour: string;
  /** The outline's colour, #rrggbb, and its width in drawing pixels (0: no outline). */
  readonly outlineColour: string;
  readonly outlineWidth: number;
  readonly align: CaptionAlign;
}

/** A sticker drawn at its centre, turned, at its width (its height follows its image's aspect). */
export interface StickerOperation extends OperationBase {
  readonly kind: "sticker";
  /** Fanvas's own sticker id ("crown"), or the branding's image address for a community's sticker. */
  readonly sticker: string;
  /** Centre, drawing pixels. */
  readonly x: number;
  readonly y: number;
  /** Width, drawing pixels. */
  readonly size: number;
  /** Clockwise, radians, -pi .. pi. */
  readonly rotation: number;
}

/** A flood fill from one pixel of the drawing. */
export interface FillOperation extends OperationBase {
  readonly kind: "fill";
  /** The pixel filled from: whole drawing pixels, 0 .. 599. */
  readonly x: number;
  readonly y: number;
  /** #rrggbb. */
  readonly colour: string;
  /** How far a pixel's channels may differ from the start pixel's and still be filled, 0 .. MAX_FILL_TOLERANCE. */
  readonly tolerance: number;
}

/** The whole drawing back to its starting picture, as the page's Clear does. */
export interface ClearOperation extends OperationBase {
  readonly kind: "clear";
}

/** Anything done to the drawing, as one of its log's entries. */
export type Operation =
  | StrokeOperation
  | CaptionOperation
  | StickerOperation
  | FillOperation
  | ClearOperation;

/** The kinds of operation, each painted by its own painter. */
export type OperationKind = Operation["kind"];

/** A drawing: its starting picture, then its operations in the order they are painted. */
export interface DrawingDocument {
  readonly start: StartingPicture;
  readonly operations: readonly Operation[];
}
