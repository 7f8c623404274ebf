import { DrawingEngine } from "../../../src/client/engine/drawing-engine.ts";
import type { BenchStroke } from "../workload.ts";
import { createCanvas, inkedShareOf } from "./canvas.ts";
import type { BenchSystem, SystemFactory } from "./types.ts";

/** A ready engine (white first display, input on) over a fresh canvas in `host`. */
function readyEngine(host: HTMLElement): { canvas: HTMLCanvasElement; engine: DrawingEngine } {
  const canvas = createCanvas(host);
  // Pixel ratio 1 like the other systems; headless Chromium reports 1 anyway.
  const engine = new DrawingEngine(canvas, { pixelRatio: 1 });
  engine.setBackground(null);
  return { canvas, engine };
}

/**
 * Fanvas's own engine, exactly as the page mounts it (minus React, which only constructs it). Restore is the
 * engine's restoreDrawing() after decoding the saved PNG; reading that PNG back from IndexedDB is not timed
 * because the backup store is not built yet (the figure says "pending" until it is).
 */
export const createFanvas: SystemFactory = (host) => {
  let { canvas, engine } = readyEngine(host);
  const system: BenchSystem = {
    get target() {
      return canvas;
    },
    paintsLater: false,
    load: null,
    undo: () => {
      engine.undo();
    },
    setStyle(stroke: BenchStroke) {
      engine.setStyle({ colour: stroke.colour, width: stroke.width, eraser: false });
    },
    settle: () => Promise.resolve(),
    async prepareRestore() {
      const png = await engine.toBlob();
      engine.destroy();
      canvas.remove();
      ({ canvas, engine } = readyEngine(host));
      const fresh = engine;
      return {
        label: "PNG decode + engine.restoreDrawing (IndexedDB read not built yet)",
        pending: true,
        run: async () => {
          fresh.restoreDrawing(await createImageBitmap(png));
        },
      };
    },
    inkedShare: async () => inkedShareOf(engine.getImageData()),
    destroy: () => {
      engine.destroy();
      canvas.remove();
    },
  };
  return Promise.resolve(system);
};
