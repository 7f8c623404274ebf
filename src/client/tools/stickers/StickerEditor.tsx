import { type CSSProperties, type KeyboardEvent, type PointerEvent, useEffect, useRef } from "react";
import { CANVAS_SIZE } from "../../../common/constants.ts";
import type { Point } from "../../engine/types.ts";
import { arrowMove } from "../arrow-keys.ts";
import { aspectOf } from "./sticker-painter.ts";
import {
  moveSticker,
  pinchSticker,
  resizeToCorner,
  rotateSticker,
  rotateToward,
  type StickerPlacement,
  scaleSticker,
  type TurnHandleSide,
  turnHandleSide,
} from "./sticker-transform.ts";
import type { PlacedSticker, StickerEditing } from "./use-sticker.ts";

/** What a pointer on the sticker is doing. */
type Grip = "move" | "resize" | "rotate";

/**
 * How far past the sticker's edge its turn handle reaches, in drawing pixels: its 34 CSS px (stickers.css) on
 * the smallest drawing a phone shows (about 350 CSS px for 600 drawing pixels).
 */
const TURN_HANDLE_REACH = 60;

/** Keys that resize (by a tenth) and turn (by 15 degrees); the arrows move by 4 drawing pixels, Shift: 20. */
const KEY_CHANGES: Record<string, (p: StickerPlacement) => StickerPlacement> = {
  "+": (p) => scaleSticker(p, 1.1),
  "=": (p) => scaleSticker(p, 1.1),
  "-": (p) => scaleSticker(p, 1 / 1.1),
  r: (p) => rotateSticker(p, Math.PI / 12),
  R: (p) => rotateSticker(p, -Math.PI / 12),
};

/** A client position in drawing pixels, through the (zoomed) stage's box. */
function drawingPoint(stage: Element, clientX: number, clientY: number): Point {
  const box = stage.getBoundingClientRect();
  return {
    x: ((clientX - box.left) * CANVAS_SIZE) / box.width,
    y: ((clientY - box.top) * CANVAS_SIZE) / box.height,
  };
}

/**
 * The placed sticker over the drawing with its box: drag it to move, the corner handle resizes, the top
 * handle turns it (the bottom one where the top one would be off the drawing), two fingers do all three.
 * With the keyboard (the box has focus): arrows move, + and - resize, R and Shift+R turn, Enter places it,
 * Escape cancels.
 */
export function StickerEditor({ editing, placed }: { editing: StickerEditing; placed: PlacedSticker }) {
  const box = useRef<HTMLButtonElement>(null);
  const grips = useRef(new Map<number, { grip: Grip; at: Point }>());
  // The turn handle's side while it is held: it must not jump across the sticker in the middle of a turn.
  const heldSide = useRef<TurnHandleSide | null>(null);
  const pinch = useRef<{ start: StickerPlacement; from: [Point, Point] } | null>(null);
  const { placement, image, entry } = placed;
  const side = heldSide.current ?? turnHandleSide(placement, aspectOf(image), TURN_HANDLE_REACH);

  useEffect(() => {
    box.current?.focus();
  }, []);

  const stage = () => box.current?.closest(".board__stage") ?? null;

  const onPointerDown = (grip: Grip) => (event: PointerEvent<HTMLElement>) => {
    const within = stage();
    if (within === null) return;
    event.stopPropagation();
    box.current?.setPointerCapture(event.pointerId);
    if (grip === "rotate") heldSide.current = side;
    grips.current.set(event.pointerId, { grip, at: drawingPoint(within, event.clientX, event.clientY) });
    const fingers = [...grips.current.values()];
    if (fingers.length === 2)
      pinch.current = { start: placement, from: [fingers[0]?.at as Point, fingers[1]?.at as Point] };
  };

  const onPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    const within = stage();
    const held = grips.current.get(event.pointerId);
    if (within === null || held === undefined) return;
    const at = drawingPoint(within, event.clientX, event.clientY);
    grips.current.set(event.pointerId, { ...held, at });
    const fingers = [...grips.current.values()];
    if (pinch.current !== null && fingers.length === 2) {
      editing.change(
        pinchSticker(pinch.current.start, pinch.current.from, [
          fingers[0]?.at as Point,
          fingers[1]?.at as Point,
        ]),
      );
    } else if (held.grip === "move") {
      editing.change(moveSticker(placement, at.x - held.at.x, at.y - held.at.y));
    } else if (held.grip === "resize") {
      editing.change(resizeToCorner(placement, at, aspectOf(image)));
    } else {
      editing.change(rotateToward(placement, at, side));
    }
  };

  const onPointerEnd = (event: PointerEvent<HTMLButtonElement>) => {
    if (grips.current.get(event.pointerId)?.grip === "rotate") heldSide.current = null;
    grips.current.delete(event.pointerId);
    if (grips.current.size < 2) pinch.current = null;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.target !== box.current) return;
    const move = arrowMove(event.key, event.shiftKey ? 20 : 4);
    const next =
      move !== null ? moveSticker(placement, move[0], move[1]) : KEY_CHANGES[event.key]?.(placement);
    if (next !== undefined) {
      event.preventDefault();
      editing.change(next);
    } else if (event.key === "Enter") {
      event.preventDefault();
      editing.commit();
    } else if (event.key === "Escape") {
      event.preventDefault();
      editing.cancel();
    }
  };

  const percent = (pixels: number) => `${(pixels * 100) / CANVAS_SIZE}%`;
  const style = {
    left: percent(placement.x),
    top: percent(placement.y),
    width: percent(placement.size),
    aspectRatio: `1 / ${aspectOf(image)}`,
    transform: `translate(-50%, -50%) rotate(${placement.rotation}rad)`,
  } as CSSProperties;

  return (
    <button
      ref={box}
      type="button"
      className="sticker-editor"
      style={style}
      aria-label={`${entry.name}: arrows move, + and - resize, R turns, Enter places, Escape cancels`}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown("move")}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={onPointerEnd}
    >
      <img className="sticker-editor__image" src={image.src} alt="" draggable={false} />
      <span
        className={`sticker-editor__handle sticker-editor__handle--rotate sticker-editor__handle--${side}`}
        aria-hidden="true"
        onPointerDown={onPointerDown("rotate")}
      />
      <span
        className="sticker-editor__handle sticker-editor__handle--resize"
        aria-hidden="true"
        onPointerDown={onPointerDown("resize")}
      />
    </button>
  );
}
