/** Arrow keys as moves, for the things a keyboard moves over the drawing (caption, sticker, keyboard point). */

/** The (dx, dy) an arrow key asks for, `step` long; null for any other key. */
export function arrowMove(key: string, step: number): readonly [number, number] | null {
  switch (key) {
    case "ArrowLeft":
      return [-step, 0];
    case "ArrowRight":
      return [step, 0];
    case "ArrowUp":
      return [0, -step];
    case "ArrowDown":
      return [0, step];
    default:
      return null;
  }
}
