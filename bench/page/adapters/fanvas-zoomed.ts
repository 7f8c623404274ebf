import { CanvasView } from "../../../src/client/view/canvas-view.ts";
import { createFanvasWithTools } from "./fanvas-tools.ts";
import type { SystemFactory } from "./types.ts";

/**
 * Fanvas's engine inside the page's zoom viewport (src/client/view), zoomed in to 4x on the middle: the same
 * strokes, dispatched at the canvas's transformed positions, so the per-move cost while zoomed can be read
 * against the unzoomed "fanvas" row.
 */
export const createFanvasZoomed: SystemFactory = async (host) => {
  const viewport = document.createElement("div");
  viewport.style.cssText = "position:relative;width:600px;height:600px;overflow:hidden;touch-action:none";
  const stage = document.createElement("div");
  stage.style.cssText = "width:100%;height:100%;transform-origin:0 0";
  viewport.append(stage);
  host.append(viewport);
  const system = await createFanvasWithTools(stage);
  const view = new CanvasView(viewport, stage, () => {});
  view.zoomIn();
  view.zoomIn();
  return {
    ...system,
    get target() {
      return system.target;
    },
    destroy() {
      system.destroy();
      view.destroy();
      viewport.remove();
    },
  };
};
