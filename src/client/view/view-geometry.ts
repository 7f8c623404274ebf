/**
 * Zoom and pan as pure geometry. The stage (the canvas and what sits over it) fills a square viewport at
 * zoom 1; a view scales it by `zoom` around its top-left corner and shifts it by (x, y), both in fractions
 * of the viewport's side, so a view means the same on a phone and a desktop and survives a resize.
 */

/** How the stage is shown: CSS `translate(x * 100%, y * 100%) scale(zoom)` with origin at the top left. */
export interface View {
  readonly zoom: number;
  readonly x: number;
  readonly y: number;
}

/** A point in fractions of the viewport's side: (0, 0) its top-left corner, (1, 1) its bottom-right. */
export interface ViewportPoint {
  readonly x: number;
  readonly y: number;
}

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 8;

/** The whole drawing in the viewport. */
export const FIT: View = { zoom: 1, x: 0, y: 0 };

/** The view brought back inside its limits: zoom 1..8 and no empty space shown beside the stage. */
export function clampView(view: View): View {
  const zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, view.zoom));
  const clampShift = (shift: number) => Math.min(0, Math.max(1 - zoom, shift));
  return { zoom, x: clampShift(view.x), y: clampShift(view.y) };
}

/** Zooms by `factor` keeping the drawing point under `anchor` where it is (then clamped). */
export function zoomAround(view: View, factor: number, anchor: ViewportPoint): View {
  const zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, view.zoom * factor));
  const ratio = zoom / view.zoom;
  return clampView({
    zoom,
    x: anchor.x - (anchor.x - view.x) * ratio,
    y: anchor.y - (anchor.y - view.y) * ratio,
  });
}

/** Shifts the view by (dx, dy) fractions of the viewport (then clamped). */
export function panBy(view: View, dx: number, dy: number): View {
  return clampView({ zoom: view.zoom, x: view.x + dx, y: view.y + dy });
}

/** The next zoom step in or out (doubling from 1 to 8) around the viewport's centre. */
export function stepZoom(view: View, direction: 1 | -1): View {
  const exponent = Math.log2(view.zoom);
  const next = direction > 0 ? Math.floor(exponent + 1e-6) + 1 : Math.ceil(exponent - 1e-6) - 1;
  return zoomAround(view, 2 ** next / view.zoom, { x: 0.5, y: 0.5 });
}

/**
 * Two fingers: the view that keeps the drawing points first under them under them now, as closely as one
 * zoom and one shift can — the spread between the fingers zooms, their midpoint pans.
 */
export function pinchView(
  start: View,
  from: readonly [ViewportPoint, ViewportPoint],
  to: readonly [ViewportPoint, ViewportPoint],
): View {
  const spread = (points: readonly [ViewportPoint, ViewportPoint]) =>
    Math.hypot(points[0].x - points[1].x, points[0].y - points[1].y);
  const middle = (points: readonly [ViewportPoint, ViewportPoint]) => ({
    x: (points[0].x + points[1].x) / 2,
    y: (points[0].y + points[1].y) / 2,
  });
  const before = middle(from);
  const after = middle(to);
  const factor = spread(from) > 0 ? spread(to) / spread(from) : 1;
  const zoomed = zoomAround(start, factor, before);
  return panBy(zoomed, after.x - before.x, after.y - before.y);
}

/** The drawing point (0..1 of the drawing's side) shown at a viewport point. */
export function drawingPointAt(view: View, at: ViewportPoint): ViewportPoint {
  return { x: (at.x - view.x) / view.zoom, y: (at.y - view.y) / view.zoom };
}
