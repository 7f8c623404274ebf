/** Mounts the framework-free DrawingEngine on a canvas for the lifetime of a component. */
import { type RefObject, startTransition, useEffect, useState } from "react";
import { loadMascotBackground } from "../branding/mascot-background.ts";
import { DrawingEngine } from "../engine/drawing-engine.ts";
import { lazyChunk } from "../lazy/lazy-chunk.ts";
import type { DrawingBackupOptions } from "../persistence/drawing-backup.ts";

/** What the board needs from its engine: the instance (null until mounted) and whether it accepts input. */
export interface MountedEngine {
  readonly engine: DrawingEngine | null;
  readonly ready: boolean;
}

/**
 * The browser backup (IndexedDB, encoding, the write scheduler) is loaded beside the drawing tool rather than
 * inside its first bundle; the download runs in parallel with the mascot's, which the restore waits for anyway.
 */
const backupChunk = lazyChunk(() => import("../persistence/drawing-backup.ts"));

/**
 * Starts the backup of `engine` as soon as its module has loaded; returns a function that stops it. A change
 * the visitor makes before the module arrives is remembered and handed over, so it is still written.
 */
function startBackupSoon(engine: DrawingEngine, options: DrawingBackupOptions): () => void {
  let changedBeforeStart = false;
  let stopBackup: (() => void) | null = null;
  let cancelled = false;
  const stopEarlyListener = engine.on("change", () => {
    changedBeforeStart = true;
  });
  backupChunk.load().then(
    ({ startDrawingBackup }) => {
      stopEarlyListener();
      if (cancelled) return;
      stopBackup = startDrawingBackup(engine, { ...options, changedBeforeStart });
    },
    (error: unknown) => {
      stopEarlyListener();
      console.warn("Fanvas: the drawing backup could not be loaded; the page works without it.", error);
      options.onRestoreSettled?.("unavailable");
    },
  );
  return () => {
    cancelled = true;
    stopEarlyListener();
    stopBackup?.();
  };
}

/**
 * Creates the engine over the canvas, loads the background, restores and keeps the browser backup of the
 * drawing, and destroys them on unmount. React state only changes on mount and on 'ready': pointer input goes
 * straight to the engine and never renders. `data-restored="true"` on the canvas marks the end of the restore
 * attempt, whatever its outcome (set on the element directly: nothing on screen depends on it).
 */
export function useDrawingEngine(
  canvasRef: RefObject<HTMLCanvasElement | null>,
  backgroundSrc: string,
): MountedEngine {
  const [engine, setEngine] = useState<DrawingEngine | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const created = new DrawingEngine(canvas);
    // Transitions: React re-renders the board in slices, never holding up a stroke or a click.
    const stopListening = created.on("ready", () => startTransition(() => setReady(true)));
    const stopBackup = startBackupSoon(created, {
      onRestoreSettled: () => canvas.setAttribute("data-restored", "true"),
    });
    const cancelBackground = loadMascotBackground(created, backgroundSrc);
    startTransition(() => setEngine(created));
    return () => {
      cancelBackground();
      stopBackup();
      canvas.removeAttribute("data-restored");
      stopListening();
      created.destroy();
      setEngine(null);
      setReady(false);
    };
  }, [canvasRef, backgroundSrc]);

  return { engine, ready };
}
