/** Stepping through the brush sizes, for the "[" and "]" shortcuts. */
import { BRUSH_SIZES } from "../../common/constants.ts";

/**
 * The brush size one step smaller (-1) or larger (+1) than `current` through BRUSH_SIZES, stopping at the
 * ends. A width that is not in the list steps from the nearest listed size on that side.
 */
export function stepBrushSize(
  current: number,
  direction: -1 | 1,
  sizes: readonly number[] = BRUSH_SIZES,
): number {
  const sorted = [...sizes].sort((a, b) => a - b);
  if (sorted.length === 0) return current;
  const next =
    direction > 0 ? sorted.find((size) => size > current) : sorted.findLast((size) => size < current);
  return next ?? (direction > 0 ? Math.max(current, ...sorted) : Math.min(current, ...sorted));
}
