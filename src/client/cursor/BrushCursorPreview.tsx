/** The canvas's cursor for the lifetime of the board: the current tool's (see brush-cursor.ts for the brush's). */
import { type RefObject, useEffect, useRef } from "react";
import type { StrokeStyle } from "../engine/types.ts";
import { BrushCursor } from "./brush-cursor.ts";
// The controls' looks under a hovering pointer come with the cursor, after the page has painted.
import "./controls-hover.css";

/**
 * Shows the current tool's cursor over the canvas (its descriptor's `cursor`): for "brush", `style` previewed
 * where the device hovers; any other value as the CSS cursor. Renders nothing and runs nothing per pointer move.
 * It comes with the board's extras, which the board waits for before it counts itself ready.
 */
export function BrushCursorPreview({
  canvasRef,
  style,
  cursor,
}: {
  readonly canvasRef: RefObject<HTMLCanvasElement | null>;
  readonly style: StrokeStyle;
  readonly cursor: string;
}): null {
  const preview = useRef<BrushCursor | null>(null);
  const latest = useRef({ style, cursor });

  useEffect(() => {
    latest.current = { style, cursor };
    preview.current?.setStyle(cursor === "brush" ? style : null, cursor);
  }, [style, cursor]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (canvas === null) return;
    const created = new BrushCursor(canvas);
    const { style: now, cursor: shown } = latest.current;
    created.setStyle(shown === "brush" ? now : null, shown);
    preview.current = created;
    return () => {
      created.destroy();
      preview.current = null;
    };
  }, [canvasRef]);

  return null;
}
