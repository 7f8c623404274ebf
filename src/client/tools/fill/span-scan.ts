import type { PackedImage } from "../packed-colour.ts";

/** Keeps a pixel's colour channels and sets its alpha to 0: how region pixels are marked. */
const MARK_MASK = 0x00ffffff;

/**
 * Spans waiting to be scanned, four numbers each: the row they were found on, their first and last column,
 * and the direction (+1 down, -1 up) of the row to scan next. Kept between fills (a fill runs
 * synchronously, one at a time) and grown when a picture needs more, so a fill allocates nothing per span.
 */
let spans = new Int32Array(4 * 1024);
/** Pixels met just outside the region (duplicates possible), kept and grown like `spans`. */
let edgeBuffer = new Int32Array(4 * 1024);

function grow(buffer: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const larger = new Int32Array(buffer.length * 2);
  larger.set(buffer);
  return larger;
}

/**
 * Whether `pixel` belongs to the region: exactly the clicked colour (the common case, one compare), or within
 * `tolerance` of it in every channel. A marked pixel (alpha 0) never passes, as the alpha differs by 255 and
 * the tolerance is at most 254. Module-level rather than a closure so V8 inlines it into the scan's loops.
 */
function inside(pixel: number, target: number, tolerance: number): boolean {
  return (
    pixel === target ||
    (Math.abs((pixel >>> 24) - (target >>> 24)) <= tolerance &&
      Math.abs((pixel & 255) - (target & 255)) <= tolerance &&
      Math.abs(((pixel >>> 8) & 255) - ((target >>> 8) & 255)) <= tolerance &&
      Math.abs(((pixel >>> 16) & 255) - ((target >>> 16) & 255)) <= tolerance)
  );
}

/** The region's old colour and its edge pixels, as markRegion leaves them. */
export interface MarkedRegion {
  /** The clicked pixel's colour (0 for a seed outside the picture). */
  readonly target: number;
  /** The pixels 4-adjacent to the region and outside it, some more than once. Valid until the next fill. */
  readonly edges: Int32Array;
}

/**
 * Marks the 4-connected region around (x, y) whose pixels are within `tolerance` (0..254) of the colour there,
 * in place: each region pixel keeps its colour channels and gets alpha 0. A span fill that reads each pixel
 * about once: every span found on a row is written at once (`fill`, native) and remembered with the direction
 * it was reached from; the row beyond it is scanned only within and past that span, and the row it came from
 * only where the span overhangs its parent (Heckbert's seed fill). A plain scanline fill reads every filled
 * pixel three times: widening its span, and from the spans above and below. The rejected pixels met on the
 * way are the region's edge pixels.
 */
export function markRegion(image: PackedImage, x: number, y: number, tolerance: number): MarkedRegion {
  const { pixels, width, height } = image;
  if (!(x >= 0 && y >= 0 && x < width && y < height)) return { target: 0, edges: edgeBuffer.subarray(0, 0) };
  const seedColumn = Math.floor(x);
  const seedRow = Math.floor(y);
  const target = pixels[seedRow * width + seedColumn] as number;
  // Region pixels are all within tolerance of the target: they are marked as the target with alpha 0.
  const marked = (target & MARK_MASK) >>> 0;
  let edgeCount = 0;
  // The seed as a one-pixel span "found" on the row below, to be scanned upwards (popped first), and on its
  // own row, to be scanned downwards: the seed's row is scanned with its parent being the seed pixel.
  let top = pushSpan(0, seedRow, seedColumn, seedColumn, 1);
  top = pushSpan(top, seedRow + 1, seedColumn, seedColumn, -1);
  while (top > 0) {
    top -= 4;
    const direction = spans[top + 3] as number;
    const row = (spans[top] as number) + direction;
    if (row < 0 || row >= height) continue;
    const rowStart = row * width;
    const rowEnd = rowStart + width - 1;
    const parentLeft = rowStart + (spans[top + 1] as number);
    const parentRight = rowStart + (spans[top + 2] as number);
    let index = parentLeft;
    while (index <= parentRight) {
      const pixel = pixels[index] as number;
      if (!inside(pixel, target, tolerance)) {
        if (pixel !== marked) {
          if (edgeCount === edgeBuffer.length) edgeBuffer = grow(edgeBuffer);
          edgeBuffer[edgeCount++] = index;
        }
        index++;
        continue;
      }
      let start = index;
      if (index === parentLeft) {
        while (start > rowStart && inside(pixels[start - 1] as number, target, tolerance)) start--;
        if (start > rowStart && pixels[start - 1] !== marked) {
          if (edgeCount === edgeBuffer.length) edgeBuffer = grow(edgeBuffer);
          edgeBuffer[edgeCount++] = start - 1;
        }
      }
      let end = index;
      while (end < rowEnd && inside(pixels[end + 1] as number, target, tolerance)) end++;
      if (end < rowEnd && pixels[end + 1] !== marked) {
        if (edgeCount === edgeBuffer.length) edgeBuffer = grow(edgeBuffer);
        edgeBuffer[edgeCount++] = end + 1;
      }
      pixels.fill(marked, start, end + 1);
      // Onwards from the whole span; back towards the parent only where the span overhangs it.
      if (top + 12 > spans.length) spans = grow(spans);
      top = pushSpan(top, row, start - rowStart, end - rowStart, direction);
      if (start < parentLeft)
        top = pushSpan(top, row, start - rowStart, parentLeft - 1 - rowStart, -direction);
      if (end > parentRight) top = pushSpan(top, row, parentRight + 1 - rowStart, end - rowStart, -direction);
      index = end + 2;
    }
  }
  return { target, edges: edgeBuffer.subarray(0, edgeCount) };
}

/** Stores a span at `top` of the span stack (which has room) and returns the new top. */
function pushSpan(top: number, row: number, first: number, last: number, direction: number): number {
  spans[top] = row;
  spans[top + 1] = first;
  spans[top + 2] = last;
  spans[top + 3] = direction;
  return top + 4;
}
