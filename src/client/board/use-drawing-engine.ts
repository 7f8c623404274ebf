/** Mounts the framework-free DrawingEngine on a canvas for the lifetime of a component. */
import { type RefObject, startTransition, useEffect, useState } from "react";
import type { DrawingEngine } from "../engine/drawing-engine.ts";
import { lazyChunk } from "../lazy/lazy-chunk.ts";

/** What the board needs from its engine: the instance (null until mounted) and whether it accepts input. */
export interface MountedEngine {
  readonly engine: DrawingEngine | null;
  readonly ready: boolean;
}

/**
 * The engine is its own chunk, fetched as soon as the page's script runs, in parallel with hydration and the
 * mascot: the first bundle, which hydrates what the server rendered, is smaller and runs sooner, and the chunk
 * is in by the time a hydrated board asks for it (main.tsx says when that is).
 */
const engineChunk = lazyChunk(() => import("./mount-engine.ts"));
// Not in the server's render (the same module builds the HTML there): it would only load the engine into Node.
if (!import.meta.env.SSR) void engineChunk.load().catch(() => undefined);

/**
 * Creates the engine over the canvas once its chunk is in, loads the background, restores and keeps the
 * browser backup of the drawing, and destroys them on unmount. React state only changes on mount and on
 * 'ready': pointer input goes straight to the engine and never renders. `data-restored="true"` on the canvas
 * marks the end of the restore attempt, whatever its outcome (set on the element directly: nothing on screen
 * depends on it).
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
    let unmount: (() => void) | null = null;
    let cancelled = false;
    engineChunk.load().then(
      ({ mountEngine }) => {
        if (cancelled) return;
        const mounted = mountEngine(canvas, backgroundSrc, {
          // Transitions: React re-renders the board in slices, never holding up a stroke or a click.
          onReady: () => startTransition(() => setReady(true)),
          onRestoreSettled: () => canvas.setAttribute("data-restored", "true"),
        });
        unmount = mounted.unmount;
        startTransition(() => setEngine(mounted.engine));
      },
      (error: unknown) => {
        if (!cancelled)
          console.error("Fanvas: the drawing tool could not be loaded; reload the page to draw.", error);
      },
    );
    return () => {
      cancelled = true;
      unmount?.();
      canvas.removeAttribute("data-restored");
      setEngine(null);
      setReady(false);
    };
  }, [canvasRef, backgroundSrc]);

  return { engine, ready };
}
