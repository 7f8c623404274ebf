import type { CanvasView } from "./canvas-view.ts";
import { MAX_ZOOM, MIN_ZOOM, type View } from "./view-geometry.ts";

/** Props of the zoom controls. */
export interface ViewControlsProps {
  readonly controller: CanvasView | null;
  readonly view: View;
}

/** One zoom control; aria-disabled (not disabled) at a limit, so keyboard focus stays on it. */
function ViewButton(props: { label: string; keys: string; can: boolean; run: () => void }) {
  return (
    <button
      type="button"
      className="button"
      aria-keyshortcuts={props.keys}
      aria-disabled={!props.can}
      onClick={() => props.can && props.run()}
    >
      {props.label}
    </button>
  );
}

/** Zoom out, the zoom level, Zoom in and Fit. */
export function ViewControls({ controller, view }: ViewControlsProps) {
  const on = controller !== null;
  return (
    <fieldset className="choices view-controls">
      <legend className="visually-hidden">View</legend>
      <ViewButton
        label="Zoom out"
        keys="-"
        can={on && view.zoom > MIN_ZOOM}
        run={() => controller?.zoomOut()}
      />
      <output className="view-controls__level">{Math.round(view.zoom * 100)}%</output>
      <ViewButton
        label="Zoom in"
        keys="+"
        can={on && view.zoom < MAX_ZOOM}
        run={() => controller?.zoomIn()}
      />
      <ViewButton label="Fit" keys="0" can={on && view.zoom > MIN_ZOOM} run={() => controller?.fit()} />
    </fieldset>
  );
}
