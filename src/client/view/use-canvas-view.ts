/** Mounts the zoom and pan of the drawing (a chunk of its own, fetched beside the page, not in its first bundle). */
import { type RefObject, startTransition, useEffect, useState } from "react";
import { lazyChunk } from "../lazy/lazy-chunk.ts";
import type { CanvasView } from "./canvas-view.ts";
import { FIT, type View } from "./view-geometry.ts";

const viewChunk = lazyChunk(() => import("./canvas-view.ts"));

/** The view's controller (null until its chunk has loaded) and how the drawing is shown now. */
export interface MountedView {
  readonly controller: CanvasView | null;
  readonly view: View;
}

/**
 * Creates the CanvasView over the viewport and stage once its code has arrived, and destroys it on unmount.
 * React state changes once per zoom or pan step (the controls show it), never per pointer move of a stroke.
 */
export function useCanvasView(
  viewportRef: RefObject<HTMLElement | null>,
  stageRef: RefObject<HTMLElement | null>,
): MountedView {
  const [controller, setController] = useState<CanvasView | null>(null);
  const [view, setView] = useState<View>(FIT);

  useEffect(() => {
    let created: CanvasView | null = null;
    let cancelled = false;
    viewChunk.load().then(
      ({ CanvasView }) => {
        const viewport = viewportRef.current;
        const stage = stageRef.current;
        if (cancelled || viewport === null || stage === null) return;
        created = new CanvasView(viewport, stage, setView);
        // A transition: the zoom controls re-render in slices, never holding up a stroke.
        const view = created;
        startTransition(() => setController(view));
      },
      (error: unknown) =>
        console.warn("Fanvas: zoom could not be loaded; the drawing stays at its size.", error),
    );
    return () => {
      cancelled = true;
      created?.destroy();
      setController(null);
      setView(FIT);
    };
  }, [viewportRef, stageRef]);

  return { controller, view };
}
