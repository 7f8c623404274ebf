import { CANVAS_SIZE } from "../../common/constants.ts";
import { POINT_GRID } from "../../common/drawing-document/limits.ts";
import { LIVE_END, LIVE_FIRST } from "../../common/rooms/room-frames.ts";
import { encodeLive, encodePointer, type PointerAt } from "../../common/rooms/room-passing-frames.ts";
import type { DrawingEngine } from "../engine/drawing-engine.ts";

// What this page shows the others while it happens: the stroke being drawn, its newest points once a frame
// (not only at the release), and where the pointer is over the drawing, a few times a second. Neither enters
// the log; a frame that cannot go (offline) is simply not sent.

/** Pointer positions sent at most this often. */
const POINTER_EVERY_MS = 50;

/** Starts sending; returns a function that stops. `strokeId` gives the op id the stroke will have. */
export function captureLive(
  engine: DrawingEngine,
  canvas: HTMLCanvasElement,
  send: (bytes: Uint8Array) => boolean,
  strokeId: () => number,
): () => void {
  let stroke: {
    id: number;
    startedAt: number;
    sentAny: boolean;
    x: number[];
    y: number[];
    t: number[];
  } | null = null;
  let frame = 0;
  let pointerSentAt = Number.NEGATIVE_INFINITY;
  /** The newest move, whose place goes at the next send (measured then: a move itself reads no layout). */
  let lastMove: PointerEvent | null = null;
  let pointerTimer: ReturnType<typeof setTimeout> | undefined;
  const sendPointer = () => {
    pointerTimer = undefined;
    pointerSentAt = performance.now();
    if (lastMove !== null) send(encodePointer(at(lastMove)));
  };

  const at = (event: PointerEvent): NonNullable<PointerAt> => {
    const box = canvas.getBoundingClientRect();
    const grid = (value: number) => Math.round(value * POINT_GRID) / POINT_GRID;
    return {
      x: grid(((event.clientX - box.left) * CANVAS_SIZE) / Math.max(1, box.width)),
      y: grid(((event.clientY - box.top) * CANVAS_SIZE) / Math.max(1, box.height)),
    };
  };
  const sendPoints = () => {
    frame = 0;
    if (stroke === null || stroke.x.length === 0) return;
    const { x, y, t } = stroke;
    const flags = stroke.sentAny ? 0 : LIVE_FIRST;
    const style = engine.style;
    const points = { x: x.splice(0), y: y.splice(0), elapsed: t.splice(0) };
    send(
      encodeLive({
        strokeId: stroke.id,
        flags,
        stroke: { kind: "stroke", author: 0, time: 0, style, points, dot: false },
      }),
    );
    stroke.sentAny = true;
  };
  const add = (event: PointerEvent) => {
    if (stroke === null) return;
    const point = at(event);
    stroke.x.push(point.x);
    stroke.y.push(point.y);
    const elapsed = Math.max(stroke.t.at(-1) ?? 0, Math.round(performance.now() - stroke.startedAt));
    stroke.t.push(elapsed);
    if (frame === 0) frame = requestAnimationFrame(sendPoints);
  };
  const end = () => {
    if (stroke === null) return;
    cancelAnimationFrame(frame);
    sendPoints();
    if (stroke.sentAny) send(encodeLive({ strokeId: stroke.id, flags: LIVE_END }));
    stroke = null;
  };

  let lastDown: PointerEvent | null = null;
  const down = (event: PointerEvent) => {
    lastDown = event;
  };
  const stopStart = engine.on("strokestart", () => {
    stroke = { id: strokeId(), startedAt: performance.now(), sentAny: false, x: [], y: [], t: [] };
    if (lastDown !== null) add(lastDown);
  });
  const move = (event: PointerEvent) => {
    if (engine.isDrawing) add(event);
    else if (stroke !== null) end();
    lastMove = event;
    if (pointerTimer !== undefined) return;
    // The place a pointer comes to rest on is sent too, once its turn comes: the others see where it stopped.
    const wait = pointerSentAt + POINTER_EVERY_MS - performance.now();
    if (wait <= 0) sendPointer();
    else pointerTimer = setTimeout(sendPointer, wait);
  };
  const leave = () => {
    clearTimeout(pointerTimer);
    pointerTimer = undefined;
    send(encodePointer(undefined));
  };
  // After the engine's own listeners (they run first, on the canvas): by the release the stroke is in the log.
  const up = () => queueMicrotask(end);

  // Capturing: heard before the engine's own listener starts the stroke, whose first point it is.
  canvas.addEventListener("pointerdown", down, { capture: true });
  canvas.addEventListener("pointermove", move);
  canvas.addEventListener("pointerleave", leave);
  window.addEventListener("pointerup", up);
  window.addEventListener("pointercancel", up);
  return () => {
    stopStart();
    cancelAnimationFrame(frame);
    clearTimeout(pointerTimer);
    canvas.removeEventListener("pointerdown", down, { capture: true });
    canvas.removeEventListener("pointermove", move);
    canvas.removeEventListener("pointerleave", leave);
    window.removeEventListener("pointerup", up);
    window.removeEventListener("pointercancel", up);
  };
}
