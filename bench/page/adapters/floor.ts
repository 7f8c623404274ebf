import { CANVAS_SIZE } from "../../../src/common/constants.ts";
import type { BenchStroke } from "../workload.ts";
import { context2d, createCanvas, drawPng, inkedShareOf, pngOf } from "./canvas.ts";
import type { BenchSystem, SystemFactory } from "./types.ts";

/**
 * The floor: the least work that can draw a pointer stroke on a canvas. Per move one straight
 * lineTo + stroke with round caps; no smoothing, no history, no checks. Nothing real can do less.
 */
function mountFloor(host: HTMLElement): BenchSystem {
  const canvas = createCanvas(host);
  const context = context2d(canvas);
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, CANVAS_SIZE, CANVAS_SIZE);
  context.lineCap = "round";
  context.lineJoin = "round";
  let last: { x: number; y: number } | null = null;
  let rect = canvas.getBoundingClientRect();
  const abort = new AbortController();
  const at = (event: PointerEvent) => ({ x: event.clientX - rect.left, y: event.clientY - rect.top });
  canvas.addEventListener(
    "pointerdown",
    (event) => {
      rect = canvas.getBoundingClientRect();
      last = at(event);
    },
    { signal: abort.signal },
  );
  canvas.addEventListener(
    "pointermove",
    (event) => {
      if (last === null) return;
      const next = at(event);
      context.beginPath();
      context.moveTo(last.x, last.y);
      context.lineTo(next.x, next.y);
      context.stroke();
      last = next;
    },
    { signal: abort.signal },
  );
  canvas.addEventListener("pointerup", () => (last = null), { signal: abort.signal });

  return {
    target: canvas,
    paintsLater: false,
    load: null,
    undo: null,
    setStyle(stroke: BenchStroke) {
      context.strokeStyle = stroke.colour;
      context.lineWidth = stroke.width;
    },
    settle: () => Promise.resolve(),
    async prepareRestore() {
      const png = await pngOf(canvas);
      context.fillRect(0, 0, CANVAS_SIZE, CANVAS_SIZE);
      return { label: "PNG decode + drawImage", pending: false, run: () => drawPng(context, png) };
    },
    inkedShare: async () => inkedShareOf(context.getImageData(0, 0, CANVAS_SIZE, CANVAS_SIZE)),
    destroy: () => abort.abort(),
  };
}

/** The bare Canvas2D loop. */
export const createFloor: SystemFactory = (host) => Promise.resolve(mountFloor(host));
