/**
 * The drawing tool's own chunk: the engine, its first display and the start of its browser backup. The
 * page's first bundle only hydrates what the server rendered; this arrives in parallel (see use-drawing-engine).
 */
import { roomIdOfPath } from "../../common/rooms/room-links.ts";
import { DrawingEngine } from "../engine/drawing-engine.ts";
import { lazyChunk } from "../lazy/lazy-chunk.ts";
import type { DrawingBackupOptions } from "../persistence/drawing-backup.ts";
import { loadFirstDisplay } from "../remix/first-display.ts";

/** What the board hears from a mounted engine. */
export interface EngineCallbacks {
  /** The first display is painted: the engine takes input. */
  readonly onReady: () => void;
  /** The restore attempt is over, whatever its outcome. */
  readonly onRestoreSettled: () => void;
}

/**
 * The browser backup (IndexedDB, encoding, the write scheduler) is loaded beside the drawing tool rather than
 * inside its chunk; the download runs in parallel with the first display's (the mascot, or the drawing a remix
 * page remixes), which the restore waits for anyway.
 */
const backupChunk = lazyChunk(() => import("../persistence/drawing-backup.ts"));

/**
 * Starts the backup of `engine` as soon as its module has loaded; returns a function that stops it. What the
 * visitor draws before it arrives is in the engine's log, which the backup writes (or paints again over what it
 * restores) once it starts.
 */
function startBackupSoon(engine: DrawingEngine, options: DrawingBackupOptions): () => void {
  let stopBackup: (() => void) | null = null;
  let cancelled = false;
  backupChunk.load().then(
    ({ startDrawingBackup }) => {
      if (!cancelled) stopBackup = startDrawingBackup(engine, options);
    },
    (error: unknown) => {
      console.warn("Fanvas: the drawing backup could not be loaded; the page works without it.", error);
      options.onRestoreSettled?.("unavailable");
    },
  );
  return () => {
    cancelled = true;
    stopBackup?.();
  };
}

/**
 * Creates the engine over `canvas`, loads its first display (the mascot, or the drawing a remix page remixes)
 * and, unless the page is a live room's (/r/<id>), starts the backup (which restores the last drawing). Returns the engine and a function that stops and
 * destroys them all.
 */
export function mountEngine(
  canvas: HTMLCanvasElement,
  backgroundSrc: string,
  callbacks: EngineCallbacks,
): { readonly engine: DrawingEngine; readonly unmount: () => void } {
  const engine = new DrawingEngine(canvas);
  const stopListening = engine.on("ready", callbacks.onReady);
  const firstDisplay = loadFirstDisplay(engine, backgroundSrc);
  // A live room's drawing is the room's, kept by its server: this browser's backup keeps the drawing made alone.
  const inRoom = roomIdOfPath(window.location.pathname) !== undefined;
  if (inRoom) callbacks.onRestoreSettled();
  const stopBackup = inRoom
    ? () => {}
    : startBackupSoon(engine, { onRestoreSettled: callbacks.onRestoreSettled, mascot: firstDisplay.mascot });
  return {
    engine,
    unmount: () => {
      firstDisplay.cancel();
      stopBackup();
      stopListening();
      engine.destroy();
    },
  };
}
