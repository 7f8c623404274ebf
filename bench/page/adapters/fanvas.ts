import { DrawingEngine } from "../../../src/client/engine/drawing-engine.ts";
import { BACKUP_LOCATION } from "../../../src/client/persistence/backup-store.ts";
import { WRITE_WITHIN_MS } from "../../../src/client/persistence/backup-writer.ts";
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

/** Waits until the backup has written what changed and its due checkpoint has been taken and stored. */
function backupAtRest(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, WRITE_WITHIN_MS + 600));
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
 * `engine` as the backup sees it, with a switch: while off, the backup hears none of its changes, so it does
 * nothing (the backup's own cost, measured by blocks of strokes with it on and off in one page: bench/document).
 * What it misses stays out of its log: a bench's backup only needs to cost what a visitor's does.
 */
function switchedForBackup(engine: DrawingEngine): { engine: DrawingEngine; set: (on: boolean) => void } {
  let on = true;
  const proxy = new Proxy(engine, {
    get(target, key) {
      if (key === "on")
        return (event: Parameters<DrawingEngine["on"]>[0], listener: (detail: never) => void) =>
          target.on(event, (detail) => (on || event !== "change" ? listener(detail as never) : undefined));
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { engine: proxy, set: (state) => (on = state) };
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
 * crash backup running as on the page (startDrawingBackup: each operation written to IndexedDB as it is made,
 * a checkpoint picture once the visitor rests), so the per-move figures count that work too. Restore is the
 * page's startDrawingBackup() reading the full drawing's log back from IndexedDB, as written while it was drawn.
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
  const switched = switchedForBackup(engine);
  // Settled (nothing to restore) before the first figure, as on a page a visitor opens for the first time.
  await runBackup(switched.engine, "none", (stop) => (stopBackup = stop));
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
    setBackup: switched.set,
    async prepareReplay() {
      const drawing = engine.document;
      if (drawing === null) throw new Error("the bench's drawing has no document");
      const fresh = readyEngine(host);
      return {
        operations: drawing.operations.length,
        run: async () => {
          if (!(await fresh.engine.load(drawing))) throw new Error("the replay was refused");
        },
        done: () => {
          fresh.engine.destroy();
          fresh.canvas.remove();
        },
      };
    },
    async prepareRestore() {
      await backupAtRest();
      stopBackup();
      engine.destroy();
      canvas.remove();
      ({ canvas, engine } = readyEngine(host));
      const fresh = engine;
      return {
        label: "startDrawingBackup: IndexedDB read + log decode + checkpoint + the operations after it",
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
