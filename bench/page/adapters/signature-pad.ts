import SignaturePad, { type PointGroup } from "signature_pad";
import { CANVAS_SIZE } from "../../../src/common/constants.ts";
import type { BenchStroke } from "../workload.ts";
import { context2d, createCanvas, inkedShareOf } from "./canvas.ts";
import type { BenchSystem, SystemFactory } from "./types.ts";

/**
 * signature_pad's defaults drop moves: a 16 ms throttle and a 5 px minimum distance. Both are turned off
 * (throttle 0, 1 px like Fanvas) so it draws every point the others draw; its velocity-based width is
 * pinned (minWidth = maxWidth = size / 2, its widths being radii) so strokes have the brush size.
 */
function newPad(canvas: HTMLCanvasElement): SignaturePad {
  return new SignaturePad(canvas, { throttle: 0, minDistance: 1, backgroundColor: "#ffffff" });
}

/** `stroke` as signature_pad stores it (16 ms between points, like a 60 Hz pointer). */
function pointGroup(stroke: BenchStroke): PointGroup {
  return {
    penColor: stroke.colour,
    dotSize: 0,
    minWidth: stroke.width / 2,
    maxWidth: stroke.width / 2,
    velocityFilterWeight: 0.7,
    compositeOperation: "source-over",
    points: stroke.points.map((point, index) => ({
      x: point.x,
      y: point.y,
      pressure: 0.5,
      time: index * 16,
    })),
  };
}

/**
 * signature_pad 5 over a 600 x 600 canvas; undo is its documented toData / pop / fromData. The full drawing
 * is loaded with fromData (the same strokes, the same data and pixels as drawing them, in half the time).
 */
export const createSignaturePad: SystemFactory = (host) => {
  let canvas = createCanvas(host);
  let pad = newPad(canvas);
  const system: BenchSystem = {
    get target() {
      return canvas;
    },
    paintsLater: false,
    load: async (strokes) => pad.fromData(strokes.map(pointGroup), { clear: false }),
    undo: () => {
      const data = pad.toData();
      data.pop();
      pad.fromData(data);
    },
    setStyle(stroke: BenchStroke) {
      pad.penColor = stroke.colour;
      pad.minWidth = stroke.width / 2;
      pad.maxWidth = stroke.width / 2;
    },
    settle: () => Promise.resolve(),
    async prepareRestore() {
      // What an app would have kept: the point groups, as if read back from storage.
      const saved = structuredClone(pad.toData());
      pad.off();
      canvas.remove();
      canvas = createCanvas(host);
      pad = newPad(canvas);
      const fresh = pad;
      return { label: "fromData (replays every stroke)", pending: false, run: () => fresh.fromData(saved) };
    },
    inkedShare: async () => inkedShareOf(context2d(canvas).getImageData(0, 0, CANVAS_SIZE, CANVAS_SIZE)),
    destroy: () => {
      pad.off();
      canvas.remove();
    },
  };
  return Promise.resolve(system);
};
