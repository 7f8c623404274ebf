import { CANVAS_SIZE } from "../../src/common/constants.ts";
import type { BenchSystem } from "./adapters/types.ts";
import { nextFrame } from "./frames.ts";
import type { BenchPoint, BenchStroke } from "./workload.ts";

type PointerType = "pointerdown" | "pointermove" | "pointerup";

/** A real PointerEvent as a mouse with the left button held would fire it over `point`. */
function pointerEvent(type: PointerType, box: DOMRect, point: BenchPoint): PointerEvent {
  const init: PointerEventInit = {
    bubbles: true,
    cancelable: true,
    composed: true,
    view: window,
    pointerId: 1,
    pointerType: "mouse",
    isPrimary: true,
    clientX: box.left + (point.x * box.width) / CANVAS_SIZE,
    clientY: box.top + (point.y * box.height) / CANVAS_SIZE,
    button: type === "pointermove" ? -1 : 0,
    buttons: type === "pointerup" ? 0 : 1,
    pressure: type === "pointerup" ? 0 : 0.5,
  };
  // A trusted move always lists itself among its coalesced events; give the synthetic one the same shape.
  if (type === "pointermove") init.coalescedEvents = [new PointerEvent(type, init)];
  return new PointerEvent(type, init);
}

function dispatch(system: BenchSystem, type: PointerType, box: DOMRect, point: BenchPoint | undefined): void {
  if (point === undefined) throw new Error("a stroke needs at least two points");
  system.target.dispatchEvent(pointerEvent(type, box, point));
}

/**
 * Draws `stroke` as a user would, paced by frames: the press in one frame, then `movesPerFrame` moves in each
 * following frame, the release in the next, then `trailingFrames` quiet frames so work a system defers
 * (React's render, the SVG repaint) also lands inside the caller's measurement. Returns each frame's
 * timestamp.
 *
 * Each frame's events are dispatched from the first of its animation-frame callbacks, as Chromium dispatches
 * the moves it aligns with frames just before running the page's callbacks: the next frame is asked for before
 * this frame's events go out, so a callback a system asks for while handling them (Fanvas's press waits for
 * the frame to paint its dot, and a move before then makes the dot unneeded) runs after that frame's events,
 * not before them.
 */
export async function drawStrokeOverFrames(
  system: BenchSystem,
  stroke: BenchStroke,
  movesPerFrame: number,
  trailingFrames: number,
): Promise<number[]> {
  const box = system.target.getBoundingClientRect();
  const stamps: number[] = [await nextFrame()];
  let frame = nextFrame();
  dispatch(system, "pointerdown", box, stroke.points[0]);
  for (let index = 1; index < stroke.points.length; index += movesPerFrame) {
    stamps.push(await frame);
    frame = nextFrame();
    const end = Math.min(stroke.points.length, index + movesPerFrame);
    for (let move = index; move < end; move += 1) dispatch(system, "pointermove", box, stroke.points[move]);
  }
  stamps.push(await frame);
  dispatch(system, "pointerup", box, stroke.points.at(-1));
  for (let quiet = 0; quiet < trailingFrames; quiet += 1) stamps.push(await nextFrame());
  return stamps;
}

/** Draws `stroke` in one go (to build up a drawing fast); the press gets a microtask so React sees it. */
export async function drawStrokeAtOnce(system: BenchSystem, stroke: BenchStroke): Promise<void> {
  const box = system.target.getBoundingClientRect();
  system.setStyle(stroke);
  dispatch(system, "pointerdown", box, stroke.points[0]);
  await Promise.resolve();
  for (let move = 1; move < stroke.points.length; move += 1) {
    dispatch(system, "pointermove", box, stroke.points[move]);
  }
  dispatch(system, "pointerup", box, stroke.points.at(-1));
}
