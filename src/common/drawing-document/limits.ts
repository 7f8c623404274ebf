/**
 * Every cap and precision of the drawing document and its encoding, in one place. The decoder reads logs
 * uploaded from the internet, so each cap bounds the work one upload can cause; each is set well above what a
 * visitor drawing by hand reaches (the figures below), so only a forged or runaway log meets one.
 * docs/decisions/0020-drawing-document-encoding.md says why each is what it is.
 */
import { CANVAS_SIZE } from "../constants.ts";

/** The format version this code writes; the decoder reads this one and refuses any other. */
export const DRAWING_FORMAT_VERSION = 1;

/** The first bytes of every encoded drawing ("FVDR"), so a PNG or a JSON body sent by mistake is named as such. */
export const DRAWING_MAGIC: readonly number[] = [0x46, 0x56, 0x44, 0x52];

/**
 * The caps of a document, checked by the encoder and the decoder alike, so what one writes the other reads.
 *
 * - bytes: the encoded size. A realistic 1,000-stroke drawing is about 130 KB (BENCHMARKS.md, "The drawing
 *   document's encoding"); 2 MiB is the PNG upload's own cap, and the largest document it lets through (some
 *   690,000 points, each at least 3 bytes) decodes in well under the 50 ms target.
 * - operations: a long solo drawing is a few thousand; a live room's making is many people's, hence room to spare.
 * - pointsPerStroke: points are at least a drawing pixel apart (the engine drops closer ones), so 10,000 is a
 *   line some 30 times across the drawing without lifting the pen.
 * - captionBytes / captionLines: UTF-8 bytes of all a caption's lines, and its lines; a caption fitted onto the
 *   drawing stays legible with far fewer.
 * - stickerIdBytes: a sticker's id is Fanvas's own name for it or the branding's image address (a path or URL).
 * - authors: author slots 0 .. authors - 1; a live room gives each person who draws in it one.
 * - documentMs: an operation's time, milliseconds since the document began (30 days; rooms expire before).
 * - strokeMs: a point's time since its stroke began (an hour of one stroke without lifting).
 * - brushWidth: the widest brush, drawing pixels (the page offers 1 to 12).
 */
export const DRAWING_LIMITS = {
  bytes: 2 * 1024 * 1024,
  operations: 20_000,
  pointsPerStroke: 10_000,
  captionBytes: 1_000,
  captionLines: 32,
  stickerIdBytes: 1_024,
  authors: 1_024,
  documentMs: 30 * 24 * 60 * 60 * 1000,
  strokeMs: 60 * 60 * 1000,
  brushWidth: 64,
} as const;

/**
 * Where positions may lie, drawing pixels on both axes: the drawing and one drawing's width around it. A stroke
 * may end outside (the pointer left the canvas between two samples), a sticker may be dragged half off; nothing
 * placed beyond this reaches the drawing (the largest sticker's corner is 424 px from its centre).
 */
export const POSITION_RANGE = { min: -CANVAS_SIZE, max: 2 * CANVAS_SIZE } as const;

/**
 * Stroke points are kept on a grid of 1/16 drawing pixel, pen pressure in steps of 1/1024: a sixteenth of a
 * drawing pixel is an eighth of a device pixel at the highest pixel ratio the canvas uses (2), below what an eye
 * or a pointer resolves, and a point then costs about 2.4 bytes gzipped (docs/decisions/0020). The engine puts
 * each point on the grid as it arrives (toStrokePoint), so what is drawn live is what is kept and replayed.
 */
export const POINT_GRID = 16;
/** Pen pressure's steps between 0 and 1 (see POINT_GRID). */
export const PRESSURE_STEPS = 1024;

/** The flood fill's colour tolerance, 0 .. 255 per channel (the page uses 48). */
export const MAX_FILL_TOLERANCE = 255;
