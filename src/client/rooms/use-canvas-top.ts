import { type RefObject, useLayoutEffect } from "react";

/**
 * Tells the board where its canvas starts (`--canvas-top`, from the board's top), for what is placed under the
 * canvas by position on a desktop (the zoom controls, "Sign it"): the room's bar above the canvas moves it down
 * by its own height, which changes as the bar's rows wrap.
 */
export function useCanvasTop(canvasRef: RefObject<HTMLCanvasElement | null>): void {
  useLayoutEffect(() => {
    const viewport = canvasRef.current?.closest<HTMLElement>(".board__viewport");
    const board = viewport?.closest<HTMLElement>(".board");
    if (viewport == null || board == null) return;
    const measure = () => board.style.setProperty("--canvas-top", `${viewport.offsetTop}px`);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(board);
    return () => {
      observer.disconnect();
      board.style.removeProperty("--canvas-top");
    };
  }, [canvasRef]);
}
