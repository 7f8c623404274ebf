import { DrawingEngine } from "../../../src/client/engine/drawing-engine.ts";
import { BACKUP_LOCATION, openBackupStore } from "../../../src/client/persistence/backup-store.ts";
import { type RestoreOutcome, startDrawingBackup } from "../../../src/client/persistence/drawing-backup.ts";
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
  await store.write({ image: png, savedAt: Date.now(), remixOf: null });
  store.close();
}

/** Deletes the page's backup, so a Fanvas mounted after another starts from its own first display. */
function deleteBackup(): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(BACKUP_LOCATION.database);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error);
  });
}

/**
 * Starts the page's backup on `engine`: its restore on load (open IndexedDB, read, decode, restoreDrawing), then
 * its writes after each change. Resolves once the restore has settled as `expected`.
 */
function runBackup(
  engine: DrawingEngine,
  expected: RestoreOutcome,
  onStarted: (stop: () => void) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const stop = startDrawingBackup(engine, {
      onRestoreSettled: (outcome) =>
        outcome === expected ? resolve() : reject(new Error(`restore: ${outcome}, not ${expected}`)),
    });
    onStarted(stop);
  });
}

/**
 * Fanvas's own engine, exactly as the page mounts it (minus React, which only constructs it), with the page's
 * crash backup running as on the page (startDrawingBackup: once the visitor rests, what changed is posted to
 * its worker, which encodes the drawing and writes it to IndexedDB), so the per-move figures count that work too. Restore is the page's startDrawingBackup()
 * reading back a backup of the full drawing from IndexedDB.
 */
export const createFanvas: SystemFactory = (host) => createFanvasWith(host);

/**
 * The same, with `decorate` adding the page's captions and stickers while the drawing is built up (see
 * fanvas-tools.ts); without it the adapter pulls in the engine alone, as the size entry wants.
 */
export async function createFanvasWith(
  host: HTMLElement,
  decorate?: (engine: DrawingEngine, index: number) => Promise<void>,
): Promise<BenchSystem> {
  await deleteBackup();
  let { canvas, engine } = readyEngine(host);
  let stopBackup = () => {};
  // Settled (nothing to restore) before the first figure, as on a page a visitor opens for the first time.
  await runBackup(engine, "none", (stop) => (stopBackup = stop));
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
      stopBackup();
      await storeBackup(await engine.toBlob());
      engine.destroy();
      canvas.remove();
      ({ canvas, engine } = readyEngine(host));
      const fresh = engine;
      return {
        label: "startDrawingBackup: IndexedDB read + PNG decode + engine.restoreDrawing",
        pending: false,
        run: () => runBackup(fresh, "restored", (stop) => (stopBackup = stop)),
      };
    },
    inkedShare: async () => inkedShareOf(engine.getImageData()),
    destroy: () => {
      stopBackup();
      engine.destroy();
      canvas.remove();
    },
  };
  return system;
}
