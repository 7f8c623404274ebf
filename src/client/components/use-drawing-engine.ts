/** Mounts the framework-free DrawingEngine on a canvas for the lifetime of a component. */
import { type RefObject, useEffect, useState } from "react";
import { DrawingEngine } from "../engine/drawing-engine.ts";
import { loadMascotBackground } from "../mascot-background.ts";
import { startDrawingBackupSoon } from "../persistence/lazy-drawing-backup.ts";

/** What the board needs from its engine: the instance (null until mounted) and whether it accepts input. */
export interface MountedEngine {
  readonly engine: DrawingEngine | null;
  readonly ready: boolean;
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
    const stopListening = created.on("ready", () => setReady(true));
    const stopBackup = startDrawingBackupSoon(created, {
      onRestoreSettled: () => canvas.setAttribute("data-restored", "true"),
    });
    const cancelBackground = loadMascotBackground(created, backgroundSrc);
    setEngine(created);
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
