/** A placed sticker's position, size and turn as pure geometry (drawing pixels, radians). */
import { CANVAS_SIZE } from "../../../common/constants.ts";
import { POSITION_RANGE } from "../../../common/drawing-document/limits.ts";
import { keepOnDrawing } from "../../engine/coordinates.ts";
import type { Point } from "../../engine/types.ts";

/** Where a sticker sits: its centre, its width (its height follows the image's aspect), its turn. */
export interface StickerPlacement {
  readonly x: number;
  readonly y: number;
  readonly size: number;
  /** Clockwise, radians. */
  readonly rotation: number;
}

/** Width limits and the size a sticker is placed at, drawing pixels. */
export const STICKER_SIZE = { min: 24, max: 600, initial: 160 } as const;

/** Keeps a width inside the limits. */
function clampSize(size: number): number {
  return Math.min(STICKER_SIZE.max, Math.max(STICKER_SIZE.min, size));
}

/**
 * A sticker placed at `point` with the initial size and no turn, moved in only as far as it takes to lie whole
 * on the drawing (`aspect` = height / width): a tap near an edge puts it at the edge, not mostly past it.
 */
export function placeSticker(point: Point, aspect = 1): StickerPlacement {
  const size = STICKER_SIZE.initial;
  return {
    x: keepOnDrawing(point.x, size / 2),
    y: keepOnDrawing(point.y, (size * aspect) / 2),
    size,
    rotation: 0,
  };
}

/** Moved by (dx, dy). */
export function moveSticker(placement: StickerPlacement, dx: number, dy: number): StickerPlacement {
  return { ...placement, x: placement.x + dx, y: placement.y + dy };
}

/** Scaled by `factor` about its centre (within the size limits). */
export function scaleSticker(placement: StickerPlacement, factor: number): StickerPlacement {
  return { ...placement, size: clampSize(placement.size * factor) };
}

/** Turned by `angle` radians about its centre, kept within -pi..pi. */
export function rotateSticker(placement: StickerPlacement, angle: number): StickerPlacement {
  const turned = placement.rotation + angle;
  return { ...placement, rotation: Math.atan2(Math.sin(turned), Math.cos(turned)) };
}

/**
 * The corner handle dragged to `to`: the sticker keeps its centre and turn; its width becomes what puts its
 * corner (at the sticker's own diagonal, `aspect` = height / width) under the pointer, as near as the limits allow.
 */
export function resizeToCorner(placement: StickerPlacement, to: Point, aspect: number): StickerPlacement {
  const reach = Math.hypot(to.x - placement.x, to.y - placement.y);
  const halfDiagonal = Math.hypot(1, aspect) / 2;
  return { ...placement, size: clampSize(reach / halfDiagonal) };
}

/** Where the turn handle sits: straight above the sticker's centre when unturned, or below it. */
export type TurnHandleSide = "above" | "below";

/** The turn handle dragged to `to`: the sticker turns so that the handle's side of it faces the pointer. */
export function rotateToward(
  placement: StickerPlacement,
  to: Point,
  side: TurnHandleSide = "above",
): StickerPlacement {
  const [dx, dy] = [to.x - placement.x, to.y - placement.y];
  const angle = side === "above" ? Math.atan2(dx, -dy) : Math.atan2(-dx, dy);
  return { ...placement, rotation: angle };
}

/**
 * The side the turn handle goes on: above, unless there it would be off the drawing (where the view clips it
 * away), then below. `reach` is how far past the sticker's edge the handle sits, in drawing pixels.
 */
export function turnHandleSide(placement: StickerPlacement, aspect: number, reach: number): TurnHandleSide {
  const distance = (placement.size * aspect) / 2 + reach;
  const x = placement.x + distance * Math.sin(placement.rotation);
  const y = placement.y - distance * Math.cos(placement.rotation);
  return x >= 0 && x <= CANVAS_SIZE && y >= 0 && y <= CANVAS_SIZE ? "above" : "below";
}

/**
 * Two fingers on a sticker: their spread scales it, their turn turns it, their midpoint moves it — from the
 * placement when they came down (`start`, fingers at `from`) to fingers now at `to`.
 */
export function pinchSticker(
  start: StickerPlacement,
  from: readonly [Point, Point],
  to: readonly [Point, Point],
): StickerPlacement {
  const spread = (pair: readonly [Point, Point]) => Math.hypot(pair[1].x - pair[0].x, pair[1].y - pair[0].y);
  const angle = (pair: readonly [Point, Point]) => Math.atan2(pair[1].y - pair[0].y, pair[1].x - pair[0].x);
  const factor = spread(from) > 0 ? spread(to) / spread(from) : 1;
  const moved = moveSticker(
    start,
    (to[0].x + to[1].x - from[0].x - from[1].x) / 2,
    (to[0].y + to[1].y - from[0].y - from[1].y) / 2,
  );
  return rotateSticker(scaleSticker(moved, factor), angle(to) - angle(from));
}

/**
 * The placement as a drawing's log may keep it: its centre within POSITION_RANGE (one drawing's width around
 * it). A sticker dragged further off shows nothing more of itself on the drawing (the largest one reaches
 * 424 px from its centre), so moving it in to that edge changes no pixel.
 */
export function withinLogRange(placement: StickerPlacement): StickerPlacement {
  const within = (value: number) => Math.min(POSITION_RANGE.max, Math.max(POSITION_RANGE.min, value));
  return { ...placement, x: within(placement.x), y: within(placement.y) };
}
