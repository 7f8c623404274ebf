import { CANVAS_SIZE } from "../../common/constants.ts";

/** Below 1 the 600 px document is already sharp enough; above 3 a checkpoint would cost too much memory. */
export const MIN_PIXEL_RATIO = 1;
export const MAX_PIXEL_RATIO = 3;

/**
 * The side, in device pixels, of the displayed canvas's backing store for a device pixel ratio. Whole pixels,
 * clamped to [1, 3] x 600 so memory stays bounded; anything not a number counts as 1.
 */
export function backingStoreSize(pixelRatio: number, size: number = CANVAS_SIZE): number {
  const ratio = Number.isFinite(pixelRatio) ? pixelRatio : 1;
  const clamped = Math.min(MAX_PIXEL_RATIO, Math.max(MIN_PIXEL_RATIO, ratio));
  return Math.round(size * clamped);
}
