import { BrushCursor } from "../../../src/client/cursor/brush-cursor.ts";
import type { BenchStroke } from "../workload.ts";
import { createFanvasWithTools } from "./fanvas-tools.ts";
import type { SystemFactory } from "./types.ts";

/**
 * Fanvas's engine with the page's brush cursor preview on (src/client/cursor): the cursor follows each
 * stroke's style as the page's does, so the per-move cost with the preview can be read against the plain
 * "fanvas" row, and against itself with the preview off (setCursor: the paired figure). The browser draws a
 * CSS cursor itself; nothing of the preview runs per move.
 */
export const createFanvasCursor: SystemFactory = async (host) => {
  const system = await createFanvasWithTools(host);
  const canvas = system.target as HTMLCanvasElement;
  let style: BenchStroke | null = null;
  let cursor: BrushCursor | null = new BrushCursor(canvas);
  const follow = () => {
    if (style !== null) cursor?.setStyle({ colour: style.colour, width: style.width, eraser: false });
  };
  return {
    ...system,
    get target() {
      return system.target;
    },
    setStyle(stroke: BenchStroke) {
      system.setStyle(stroke);
      style = stroke;
      follow();
    },
    setCursor(on: boolean) {
      if (on === (cursor !== null)) return;
      if (on) {
        cursor = new BrushCursor(canvas);
        follow();
      } else {
        cursor?.destroy();
        cursor = null;
      }
    },
    destroy() {
      cursor?.destroy();
      system.destroy();
    },
  };
};
