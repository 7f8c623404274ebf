import { DrawingEngine } from "../../../src/client/engine/drawing-engine.ts";
import { openBackupStore } from "../../../src/client/persistence/backup-store.ts";
import { startDrawingBackup } from "../../../src/client/persistence/drawing-backup.ts";
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

/** Puts `png` where the page's backup keeps the drawing, as the backup would have after the last change. */
async function storeBackup(png: Blob): Promise<void> {
  const store = await openBackupStore();
  if (store === null) throw new Error("IndexedDB is unavailable in the bench page");
  await store.write({ blob: png, savedAt: Date.now() });
  store.close();
}

/** Runs the page's own restore on load (open IndexedDB, read, decode, restoreDrawing) until it settles. */
function restoreFromBackup(engine: DrawingEngine, onStarted: (stop: () => void) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const stop = startDrawingBackup(engine, {
      onRestoreSettled: (outcome) =>
        outcome === "restored" ? resolve() : reject(new Error(`restore: ${outcome}`)),
    });
    onStarted(stop);
  });
}

/**
 * Fanvas's own engine, exactly as the page mounts it (minus React, which only constructs it). Restore is the
 * page's startDrawingBackup() reading back a backup of the full drawing from IndexedDB.
 */
export const createFanvas: SystemFactory = (host) => createFanvasWith(host);

/**
 * The same, with `decorate` adding the page's captions and stickers while the drawing is built up (see
 * fanvas-tools.ts); without it the adapter pulls in the engine alone, as the size entry wants.
 */
export function createFanvasWith(
  host: HTMLElement,
  decorate?: (engine: DrawingEngine, index: number) => Promise<void>,
): Promise<BenchSystem> {
  let { canvas, engine } = readyEngine(host);
  let stopBackup = () => {};
  const system: BenchSystem = {
    get target() {
      return canvas;
    },
    paintsLater: false,
    load: null,
    undo: () => {
      engine.undo();
    },
    decorate: decorate === undefined ? undefined : (index) => decorate(engine, index),
    setStyle(stroke: BenchStroke) {
      engine.setStyle({ colour: stroke.colour, width: stroke.width, eraser: false });
    },
    settle: () => Promise.resolve(),
    async prepareRestore() {
      await storeBackup(await engine.toBlob());
      engine.destroy();
      canvas.remove();
      ({ canvas, engine } = readyEngine(host));
      const fresh = engine;
      return {
        label: "startDrawingBackup: IndexedDB read + PNG decode + engine.restoreDrawing",
        pending: false,
        run: () => restoreFromBackup(fresh, (stop) => (stopBackup = stop)),
      };
    },
    inkedShare: async () => inkedShareOf(engine.getImageData()),
    destroy: () => {
      stopBackup();
      engine.destroy();
      canvas.remove();
    },
  };
  return Promise.resolve(system);
}
