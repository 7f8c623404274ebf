/**
 * The brush under the pointer: a CSS cursor image of the brush's size and colour (an outline for the eraser).
 * The browser draws a cursor itself, so the preview costs no script per pointer move and never touches the
 * drawing's bitmap; the image is made again only when the brush or the canvas's displayed size changes.
 */
import { CANVAS_SIZE } from "../../common/constants.ts";
import type { StrokeStyle } from "../engine/types.ts";

/** Where a cursor preview makes sense: a mouse or pen that hovers before it draws. */
const HOVERING_POINTER = "(hover: hover) and (pointer: fine)";
/** Browsers refuse cursor images larger than this (CSS px). */
const MAX_CURSOR = 128;
/** Below this displayed diameter a small cross marks the centre too, so a 1 px brush can still be found. */
const CROSS_BELOW = 7;

/**
 * The CSS `cursor` value previewing `style` at `scale` CSS px per canvas px: a disc of the brush colour (or a
 * hollow ring for the eraser) with a white-and-dark outline that shows on any picture, hotspot at its centre.
 */
export function brushCursorValue(style: StrokeStyle, scale: number): string {
  const diameter = Math.max(1, style.width * scale);
  const size = Math.min(MAX_CURSOR, 2 * Math.ceil((diameter + 6) / 2) + 1);
  const centre = (size - 1) / 2;
  const radius = Math.min(diameter / 2, centre - 1.5);
  const fill = style.eraser ? "none" : style.colour;
  const shapes = [
    `<circle cx="${centre + 0.5}" cy="${centre + 0.5}" r="${radius + 1}" fill="none" stroke="#fff" stroke-width="1.5"/>`,
    `<circle cx="${centre + 0.5}" cy="${centre + 0.5}" r="${radius}" fill="${fill}" stroke="#1b2420" stroke-width="1"/>`,
  ];
  if (diameter < CROSS_BELOW) {
    const c = centre + 0.5;
    const arms = [`M${c} 0.5v${c - radius - 1}`, `M${c} ${size - 0.5}v${-(c - radius - 1)}`];
    arms.push(`M0.5 ${c}h${c - radius - 1}`, `M${size - 0.5} ${c}h${-(c - radius - 1)}`);
    shapes.unshift(`<path d="${arms.join("")}" stroke="#1b2420" stroke-width="1"/>`);
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">${shapes.join("")}</svg>`;
  return `url("data:image/svg+xml,${encodeURIComponent(svg)}") ${centre} ${centre}, crosshair`;
}

/**
 * Shows the brush as the canvas's cursor where the device hovers. Follows the canvas's displayed size (a
 * ResizeObserver, not the pointer) and the style given to `setStyle`. `destroy` puts the old cursor back.
 */
export class BrushCursor {
  readonly #canvas: HTMLCanvasElement;
  readonly #hovering: MediaQueryList | null;
  readonly #resize: ResizeObserver | null;
  readonly #previous: string;
  #style: StrokeStyle | null = null;
  /**
   * The canvas's displayed width, as the ResizeObserver last gave it (it reports once as soon as it observes):
   * reading the element's width instead would make the browser lay the page out in the middle of a commit.
   */
  #width = 0;
  /** The cursor shown when there is no brush to preview. */
  #plain = "";
  #shown = "";

  constructor(canvas: HTMLCanvasElement) {
    this.#canvas = canvas;
    this.#previous = canvas.style.cursor;
    const view = canvas.ownerDocument.defaultView;
    this.#hovering = view?.matchMedia?.(HOVERING_POINTER) ?? null;
    this.#hovering?.addEventListener("change", this.#update);
    this.#resize =
      typeof ResizeObserver === "function"
        ? new ResizeObserver((entries) => {
            this.#width = entries.at(-1)?.contentRect.width ?? this.#width;
            this.#update();
          })
        : null;
    this.#resize?.observe(canvas);
  }

  /** The brush to preview from now on; null: the `plain` CSS cursor instead (another tool's). */
  setStyle(style: StrokeStyle | null, plain = ""): void {
    this.#style = style;
    this.#plain = style === null ? plain : "";
    this.#update();
  }

  /** Stops following size and device, and restores the cursor the canvas had. */
  destroy(): void {
    this.#hovering?.removeEventListener("change", this.#update);
    this.#resize?.disconnect();
    this.#canvas.style.cursor = this.#previous;
  }

  readonly #update = (): void => {
    const width = this.#resize === null ? this.#canvas.clientWidth : this.#width;
    const wanted =
      this.#style === null
        ? this.#plain || this.#previous
        : this.#hovering?.matches !== true || width === 0
          ? this.#previous
          : brushCursorValue(this.#style, width / CANVAS_SIZE);
    // Only a real change touches the style, so a resize storm or a repeated style costs nothing.
    if (wanted === this.#shown) return;
    this.#shown = wanted;
    this.#canvas.style.cursor = wanted;
  };
}
