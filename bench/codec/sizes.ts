/**
 * How many bytes a realistic drawing's log takes: the format's, gzipped as it travels and is stored, against the
 * same document as JSON (as it is, its points in columns, and with an object per point).
 */
import { gzipSync } from "node:zlib";
import { encodeDrawing } from "../../src/common/drawing-document/encode.ts";
import { strokePointList } from "../../src/common/drawing-document/stroke-point.ts";
import type { DrawingDocument } from "../../src/common/drawing-document/types.ts";
import { pointCount, realisticDrawing } from "./realistic-drawing.ts";

/** The sizes of one drawing's log, in bytes. */
export interface DrawingSizes {
  readonly strokes: number;
  readonly points: number;
  readonly encoded: number;
  readonly gzipped: number;
  readonly json: number;
  readonly pointObjectsJson: number;
}

/** The document with every stroke's points as an object each ({"x":..,"y":..,"elapsed":..}), as a log of the
 * engine's own Point objects would be written. */
function pointObjectsJson(document: DrawingDocument): string {
  return JSON.stringify({
    ...document,
    operations: document.operations.map((operation) =>
      operation.kind === "stroke" ? { ...operation, points: strokePointList(operation.points) } : operation,
    ),
  });
}

/** gzip at Node's default level, as a server or a browser's CompressionStream compresses. */
function gzipped(bytes: Uint8Array | string): number {
  return gzipSync(bytes).length;
}

/** The sizes of a realistic drawing of `strokes` strokes made from `seed`. */
export function drawingSizes(strokes: number, seed: number): DrawingSizes {
  const document = realisticDrawing(strokes, seed);
  const encoded = encodeDrawing(document);
  return {
    strokes,
    points: pointCount(document),
    encoded: encoded.length,
    gzipped: gzipped(encoded),
    json: gzipped(JSON.stringify(document)),
    pointObjectsJson: gzipped(pointObjectsJson(document)),
  };
}
