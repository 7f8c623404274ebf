import { CANVAS_SIZE } from "../../common/constants.ts";

/**
 * Below 1 the 600 px document is already sharp enough. Above 2 each history checkpoint would cost much more
 * memory (x r^2) for no visible gain where high ratios occur: phones show the canvas at about 340 CSS px,
 * and 340 x 3 = 1020 device pixels is less than the 1200 of ratio 2.
 */
const MIN_PIXEL_RATIO = 1;
export const MAX_PIXEL_RATIO = 2;

/**
 * The side, in device pixels, of the displayed canvas's backing store for a device pixel ratio. Whole pixels,
 * clamped to [1, 2] x 600 so memory stays bounded; anything not a number counts as 1.
 */
export function backingStoreSize(pixelRatio: number, size: number = CANVAS_SIZE): number {
  const ratio = Number.isFinite(pixelRatio) ? pixelRatio : 1;
  const clamped = Math.min(MAX_PIXEL_RATIO, Math.max(MIN_PIXEL_RATIO, ratio));
  return Math.round(size * clamped);
}

/**
 * Follows devicePixelRatio (browser zoom, moving to another screen): a resolution media query fires once when
 * it changes, then is set up again for the new ratio. Returns a function that stops following.
 */
export function watchDevicePixelRatio(view: Window, onChange: (ratio: number) => void): () => void {
  if (typeof view.matchMedia !== "function") return () => {};
  let stop = () => {};
  const watch = (): void => {
    const query = view.matchMedia(`(resolution: ${view.devicePixelRatio}dppx)`);
    const changed = (): void => {
      onChange(view.devicePixelRatio);
      watch();
    };
    query.addEventListener("change", changed, { once: true });
    stop = () => query.removeEventListener("change", changed);
  };
  watch();
  return () => stop();
}
