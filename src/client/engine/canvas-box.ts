/** Where the canvas's bitmap is shown, measured at each press, its border and padding read only when they may have changed. */
import { type BoxInsets, type ClientRect, contentBox } from "./coordinates.ts";

function px(value: string): number {
  const parsed = Number.parseFloat(value);
  return Number.isFinite(parsed) ? parsed : 0;
}

/** Border plus padding of the canvas, so a styled canvas still maps exactly under the pointer. */
function insetsOf(canvas: HTMLCanvasElement): BoxInsets {
  const style = canvas.ownerDocument.defaultView?.getComputedStyle(canvas);
  if (style === undefined) return { left: 0, top: 0, right: 0, bottom: 0 };
  return {
    left: px(style.borderLeftWidth) + px(style.paddingLeft),
    top: px(style.borderTopWidth) + px(style.paddingTop),
    right: px(style.borderRightWidth) + px(style.paddingRight),
    bottom: px(style.borderBottomWidth) + px(style.paddingBottom),
  };
}

/**
 * The canvas's content box (its border box less border and padding) in viewport pixels. The border box is
 * measured at every call (a press: the page may have scrolled or reflowed since the last). Border and padding
 * come from the computed style, which costs a press about 50 µs of main-thread time (eight values read and
 * parsed), so they are kept and read again only when they may have changed: when the border box's size
 * differs from the last one measured, or the canvas's own `style` or `class` changed. A stylesheet or an
 * ancestor moving the canvas's border from one side to the other, sizes all unchanged, would go unseen.
 */
export class CanvasBox {
  readonly #canvas: HTMLCanvasElement;
  #insets: BoxInsets | null = null;
  #measuredWidth = Number.NaN;
  #measuredHeight = Number.NaN;
  readonly #restyled: MutationObserver | null;

  constructor(canvas: HTMLCanvasElement) {
    this.#canvas = canvas;
    const Observer = canvas.ownerDocument.defaultView?.MutationObserver;
    this.#restyled =
      Observer === undefined
        ? null
        : new Observer(() => {
            this.#insets = null;
          });
    this.#restyled?.observe(canvas, { attributes: true, attributeFilter: ["style", "class"] });
  }

  /** The content box now. */
  measure(): ClientRect {
    // A change made in this same task has not reached the observer's callback yet.
    if (this.#restyled !== null && this.#restyled.takeRecords().length > 0) this.#insets = null;
    const rect = this.#canvas.getBoundingClientRect();
    if (this.#insets === null || rect.width !== this.#measuredWidth || rect.height !== this.#measuredHeight) {
      this.#insets = insetsOf(this.#canvas);
      this.#measuredWidth = rect.width;
      this.#measuredHeight = rect.height;
    }
    return contentBox(rect, this.#insets);
  }

  /** Stops watching the canvas. */
  disconnect(): void {
    this.#restyled?.disconnect();
  }
}
