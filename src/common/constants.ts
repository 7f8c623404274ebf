/** Business constants of the drawing page (docs/spec.md, section 9). No DOM, no Node. */

/** The drawing is always exactly this many pixels square, on screen and in the saved PNG. */
export const CANVAS_SIZE = 600;

/** The favicon is drawn on a canvas this many pixels square. */
export const FAVICON_SIZE = 32;

/** One palette entry: the accessible name a visitor hears and the CSS colour painted. */
export interface PaletteColour {
  readonly name: string;
  readonly value: string;
}

/** The 15 colours, in the spec's order. */
export const PALETTE: readonly PaletteColour[] = [
  { name: "black", value: "#000000" },
  { name: "white", value: "#ffffff" },
  { name: "red", value: "#ff0000" },
  { name: "green", value: "#00ff00" },
  { name: "blue", value: "#0000ff" },
  { name: "yellow", value: "#ffff00" },
  { name: "magenta", value: "#ff00ff" },
  { name: "cyan", value: "#00ffff" },
  { name: "orange", value: "#ffa500" },
  { name: "purple", value: "#800080" },
  { name: "pink", value: "#ffc0cb" },
  { name: "brown", value: "#a52a2a" },
  { name: "grey", value: "#808080" },
  { name: "gold", value: "#ffd700" },
  { name: "spring green", value: "#00ff7f" },
];

/** Brush widths in canvas pixels. */
export const BRUSH_SIZES: readonly number[] = [1, 3, 5, 8, 12];

export const DEFAULT_BRUSH_SIZE = 3;
export const DEFAULT_COLOUR = "#000000";

/** The eraser paints this colour rather than clearing to transparency, as the spec says. */
export const ERASER_COLOUR = "#ffffff";
export const BACKGROUND_COLOUR = "#ffffff";

/** Exact console messages of the spec's error catalogue (docs/spec.md, section 8). */
export const CONSOLE_MESSAGES = {
  backgroundFailed: "Failed to load Bob image",
  serverRejectedSave: "Error saving to database",
  saveRequestFailed: "Failed to save drawing",
} as const;

/** The largest PNG the server accepts, in bytes. */
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
