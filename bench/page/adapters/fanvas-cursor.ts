import { BrushCursor } from "../../../src/client/cursor/brush-cursor.ts";
import type { BenchStroke } from "../workload.ts";
import { createFanvasWithTools } from "./fanvas-tools.ts";
import type { SystemFactory } from "./types.ts";

/**
 * Fanvas's engine with the page's brush cursor preview on (src/client/cursor): the cursor follows each
 * stroke's style as the page's does, so the per-move cost with the preview can be read against the plain
 * "fanvas" row. The browser draws a CSS cursor itself; nothing of the preview runs per move.
 */
export const createFanvasCursor: SystemFactory = async (host) => {
  const system = await createFanvasWithTools(host);
  const canvas = system.target as HTMLCanvasElement;
  const cursor = new BrushCursor(canvas);
  return {
    ...system,
    get target() {
      return system.target;
    },
    setStyle(stroke: BenchStroke) {
      system.setStyle(stroke);
      cursor.setStyle({ colour: stroke.colour, width: stroke.width, eraser: false });
    },
    destroy() {
      cursor.destroy();
      system.destroy();
    },
  };
};
