/** The brush preview under the pointer for the lifetime of the board (see brush-cursor.ts). */
import { type RefObject, useEffect, useRef } from "react";
import type { StrokeStyle } from "../engine/types.ts";
import { BrushCursor } from "./brush-cursor.ts";

/**
 * Shows `style` as the canvas's cursor where the device hovers; renders nothing and runs nothing per pointer
 * move. It comes with the board's extras, which the board waits for before it counts itself ready.
 */
export function BrushCursorPreview({
  canvasRef,
  style,
}: {
  readonly canvasRef: RefObject<HTMLCanvasElement | null>;
  readonly style: StrokeStyle;
}): null {
  const cursor = useRef<BrushCursor | null>(null);
  const latest = useRef(style);

  useEffect(() => {
    latest.current = style;
    cursor.current?.setStyle(style);
  }, [style]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (canvas === null) return;
    const created = new BrushCursor(canvas);
    created.setStyle(latest.current);
    cursor.current = created;
    return () => {
      created.destroy();
      cursor.current = null;
    };
  }, [canvasRef]);

  return null;
}
