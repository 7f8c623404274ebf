import { ToolButton } from "../board/ToolButton.tsx";
import type { IconName } from "../page/Icon.tsx";
import type { CanvasView } from "./canvas-view.ts";
import { MAX_ZOOM, MIN_ZOOM, type View } from "./view-geometry.ts";

/** Props of the zoom controls. */
export interface ViewControlsProps {
  readonly controller: CanvasView | null;
  readonly view: View;
}

/** One zoom control; aria-disabled (not disabled) at a limit, so keyboard focus stays on it. */
function ViewButton(props: { label: string; icon: IconName; keys: string; can: boolean; run: () => void }) {
  return (
    <ToolButton
      icon={props.icon}
      label={props.label}
      iconOnly
      aria-keyshortcuts={props.keys}
      aria-disabled={!props.can}
      onClick={() => props.can && props.run()}
    />
  );
}

/** The panel's View group: Zoom out, the zoom level, Zoom in and Fit. */
export function ViewControls({ controller, view }: ViewControlsProps) {
  const on = controller !== null;
  return (
    <fieldset className="panel__group view-controls">
      <legend className="visually-hidden">View</legend>
      <div className="view-controls__options">
        <ViewButton
          label="Zoom out"
          icon="zoom-out"
          keys="-"
          can={on && view.zoom > MIN_ZOOM}
          run={() => controller?.zoomOut()}
        />
        <span className="view-controls__level">{Math.round(view.zoom * 100)}%</span>
        <ViewButton
          label="Zoom in"
          icon="zoom-in"
          keys="+"
          can={on && view.zoom < MAX_ZOOM}
          run={() => controller?.zoomIn()}
        />
        <ViewButton
          label="Fit"
          icon="fit"
          keys="0"
          can={on && view.zoom > MIN_ZOOM}
          run={() => controller?.fit()}
        />
      </div>
    </fieldset>
  );
}
