/** The brush preview under the pointer for the lifetime of a component (see cursor/brush-cursor.ts). */
import { type RefObject, useEffect, useRef } from "react";
import type { BrushCursor } from "../cursor/brush-cursor.ts";
import type { StrokeStyle } from "../engine/types.ts";

/**
 * Shows `style` as the canvas's cursor where the device hovers, once the board's extras (which carry the
 * cursor's code) have arrived; nothing runs per pointer move.
 */
export function useBrushCursor(
  canvasRef: RefObject<HTMLCanvasElement | null>,
  Cursor: typeof BrushCursor | null,
  style: StrokeStyle,
): void {
  const cursor = useRef<BrushCursor | null>(null);
  const latest = useRef(style);

  useEffect(() => {
    latest.current = style;
    cursor.current?.setStyle(style);
  }, [style]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (canvas === null || Cursor === null) return;
    const created = new Cursor(canvas);
    created.setStyle(latest.current);
    cursor.current = created;
    return () => {
      created.destroy();
      cursor.current = null;
    };
  }, [canvasRef, Cursor]);
}
