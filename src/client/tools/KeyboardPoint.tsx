import { type CSSProperties, type KeyboardEvent, useState } from "react";
import { CANVAS_SIZE } from "../../common/constants.ts";
import type { Point } from "../engine/types.ts";
import { arrowMove } from "./arrow-keys.ts";

/** Arrow-key steps, drawing pixels (Shift: the larger). */
const STEP = { small: 5, large: 25 } as const;

const clamp = (value: number) => Math.min(CANVAS_SIZE - 1, Math.max(0, value));

/**
 * Fill and Pick colour from the keyboard: a point on the drawing that Tab reaches while one of them is on.
 * Arrow keys move it (shown as a ring only while it has keyboard focus), Enter or Space does there what a
 * tap would. Mice and fingers never meet it: it takes no pointer events.
 */
export function KeyboardPoint({
  action,
  onActivate,
}: {
  action: string;
  onActivate: (point: Point) => void;
}) {
  const [point, setPoint] = useState<Point>({ x: CANVAS_SIZE / 2, y: CANVAS_SIZE / 2 });
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const move = arrowMove(event.key, event.shiftKey ? STEP.large : STEP.small);
    if (move === null) return;
    event.preventDefault();
    setPoint((current) => ({ x: clamp(current.x + move[0]), y: clamp(current.y + move[1]) }));
  };
  const style = {
    left: `${(point.x * 100) / CANVAS_SIZE}%`,
    top: `${(point.y * 100) / CANVAS_SIZE}%`,
  } as CSSProperties;
  return (
    <button
      type="button"
      className="keyboard-point"
      style={style}
      aria-label={`${action} at ${Math.round(point.x)}, ${Math.round(point.y)} (arrow keys move the point)`}
      onKeyDown={onKeyDown}
      onClick={() => onActivate({ x: Math.floor(point.x) + 0.5, y: Math.floor(point.y) + 0.5 })}
    />
  );
}
