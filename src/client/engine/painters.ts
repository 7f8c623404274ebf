/**
 * The one table of painters, keyed by operation kind: everything the engine paints (live, on undo and redo,
 * replaying a document, applying another person's operation) goes through it. Strokes and Clear are the
 * engine's own; captions, stickers and fills are their tools' code, each a chunk fetched the first time an
 * operation of its kind is painted (docs/architecture.md: adding a kind of operation).
 */
import { lazyPainter, type PainterTable, readyPainter } from "./painter.ts";
import { drawStroke, paintBackground } from "./render.ts";
import { firstSegment } from "./smoothing.ts";

/** The painters the page uses. */
export const PAINTERS: PainterTable = {
  // The segments a live stroke drew, in order: the same calls, so the same pixels (see StrokeBuilder).
  stroke: readyPainter((context, { style, points, dot }) =>
    drawStroke(context, style, points, firstSegment(points.x.length, dot), points.x.length),
  ),
  clear: readyPainter((context, _clear, source) => paintBackground(context, source.background)),
  caption: lazyPainter(() => import("../tools/caption/caption-painter.ts")),
  sticker: lazyPainter(() => import("../tools/stickers/sticker-painter.ts")),
  fill: lazyPainter(() => import("../tools/fill/fill-painter.ts")),
};
