import { CANVAS_SIZE } from "../../common/constants.ts";
import type { StrokeOperation } from "../../common/drawing-document/types.ts";
import type { RoomPerson } from "../../common/rooms/room-messages.ts";
import type { PointerAt } from "../../common/rooms/room-passing-frames.ts";
import "./live-layer.css";

// What passes through a room without entering its log, drawn over the canvas: the strokes others are drawing
// now (on a canvas of their own, gone once the stroke lands in the picture) and their pointers with their names.
// It takes no input (pointer-events: none): every press still reaches the drawing.

/** A stroke someone is drawing, as its live frames brought it. */
interface LiveStroke {
  readonly style: StrokeOperation["style"];
  readonly x: number[];
  readonly y: number[];
  ended: boolean;
  /** When it last changed: a stroke whose operation never lands (refused, cancelled, its page gone) is dropped. */
  changedAt: number;
}

/** An ended stroke's operation lands within this time, or its preview goes. */
const LANDING_WAIT_MS = 5000;
/** A stroke whose page sent nothing for this long (it closed mid-stroke) goes. */
const SILENT_STROKE_MS = 15_000;
/** Pointers not moved for this long are hidden (their page may have gone quiet). */
const POINTER_IDLE_MS = 10_000;

/**
 * A name beside a pointer near the right or bottom edge would be cut off by the drawing's edge, so past these
 * shares of the width (height) it goes to the left of (above) the pointer, and back only before the lower share:
 * the gap keeps it from flipping to and fro while someone draws about the middle.
 */
const NAME_FLIPS = { x: { from: 0.6, back: 0.4 }, y: { from: 0.88, back: 0.75 } } as const;

/** Whether a name flipped before (`flipped`) stays or goes flipped at `share` of the way across. */
function nameFlipped(
  flipped: boolean,
  share: number,
  { from, back }: { from: number; back: number },
): boolean {
  return flipped ? share >= back : share > from;
}

/** The layer over one board's canvas. */
export class LiveLayer {
  readonly #root: HTMLDivElement;
  readonly #canvas: HTMLCanvasElement;
  readonly #strokes = new Map<string, LiveStroke>();
  readonly #pointers = new Map<number, { element: HTMLDivElement; movedAt: number }>();
  #people = new Map<number, RoomPerson>();
  #frame = 0;
  readonly #sweep: ReturnType<typeof setInterval>;

  constructor(stage: HTMLElement) {
    this.#root = stage.ownerDocument.createElement("div");
    this.#root.className = "room-live";
    this.#canvas = stage.ownerDocument.createElement("canvas");
    this.#canvas.width = CANVAS_SIZE;
    this.#canvas.height = CANVAS_SIZE;
    this.#canvas.className = "room-live__strokes";
    this.#root.append(this.#canvas);
    stage.append(this.#root);
    this.#sweep = setInterval(() => this.#dropStale(), 1000);
  }

  /** Who is in the room (names and colours for the pointers). */
  setPeople(people: readonly RoomPerson[]): void {
    this.#people = new Map(people.map((person) => [person.slot, person]));
    for (const [slot, pointer] of this.#pointers) {
      const person = this.#people.get(slot);
      if (person === undefined) this.#hidePointer(slot);
      else this.#label(pointer.element, person);
    }
  }

  /** Points of someone's stroke being drawn; `first` begins it, `ended` says it is over. */
  live(slot: number, strokeId: number, first: boolean, ended: boolean, stroke?: StrokeOperation): void {
    const key = `${slot}:${strokeId}`;
    let live = this.#strokes.get(key);
    if (stroke !== undefined && (first || live === undefined)) {
      live = { style: stroke.style, x: [], y: [], ended: false, changedAt: 0 };
      this.#strokes.set(key, live);
    }
    if (live === undefined) return;
    if (stroke !== undefined) {
      live.x.push(...stroke.points.x);
      live.y.push(...stroke.points.y);
    }
    live.ended ||= ended;
    live.changedAt = performance.now();
    this.#redraw();
  }

  /** The operation of a live stroke is on the picture now: its preview goes. */
  landed(slot: number, strokeId: number): void {
    if (this.#strokes.delete(`${slot}:${strokeId}`)) this.#redraw();
  }

  /** Where someone's pointer is (undefined: it left the drawing). */
  pointer(slot: number, at: PointerAt): void {
    const person = this.#people.get(slot);
    if (at === undefined || person === undefined) {
      this.#hidePointer(slot);
      return;
    }
    let pointer = this.#pointers.get(slot);
    if (pointer === undefined) {
      const element = this.#root.ownerDocument.createElement("div");
      element.className = "room-live__pointer";
      this.#root.append(element);
      pointer = { element, movedAt: 0 };
      this.#pointers.set(slot, pointer);
    }
    this.#label(pointer.element, person);
    pointer.movedAt = performance.now();
    const { element } = pointer;
    element.style.left = `${(at.x / CANVAS_SIZE) * 100}%`;
    element.style.top = `${(at.y / CANVAS_SIZE) * 100}%`;
    element.toggleAttribute(
      "data-left",
      nameFlipped(element.hasAttribute("data-left"), at.x / CANVAS_SIZE, NAME_FLIPS.x),
    );
    element.toggleAttribute(
      "data-above",
      nameFlipped(element.hasAttribute("data-above"), at.y / CANVAS_SIZE, NAME_FLIPS.y),
    );
    element.hidden = false;
  }

  /** Removes the layer. */
  destroy(): void {
    clearInterval(this.#sweep);
    cancelAnimationFrame(this.#frame);
    this.#root.remove();
  }

  #label(element: HTMLDivElement, person: RoomPerson): void {
    if (element.dataset.name !== person.name) {
      element.dataset.name = person.name;
      const name = element.ownerDocument.createElement("span");
      name.className = "room-live__name";
      name.textContent = person.name;
      element.replaceChildren(name);
    }
    element.style.setProperty("--person", person.colour);
  }

  #hidePointer(slot: number): void {
    const pointer = this.#pointers.get(slot);
    if (pointer !== undefined) pointer.element.hidden = true;
  }

  #dropStale(): void {
    const now = performance.now();
    let dropped = false;
    for (const [key, live] of this.#strokes) {
      const wait = live.ended ? LANDING_WAIT_MS : SILENT_STROKE_MS;
      if (now - live.changedAt > wait) dropped = this.#strokes.delete(key) || dropped;
    }
    if (dropped) this.#redraw();
    for (const [slot, pointer] of this.#pointers)
      if (now - pointer.movedAt > POINTER_IDLE_MS) this.#hidePointer(slot);
  }

  /** Paints every live stroke again at the next frame (a few strokes of a few hundred points: cheap). */
  #redraw(): void {
    if (this.#frame !== 0) return;
    this.#frame = requestAnimationFrame(() => {
      this.#frame = 0;
      const context = this.#canvas.getContext("2d");
      if (context === null) return;
      context.clearRect(0, 0, CANVAS_SIZE, CANVAS_SIZE);
      context.lineCap = "round";
      context.lineJoin = "round";
      for (const live of this.#strokes.values()) {
        // The eraser's preview: the paper's white, lighter, where the rubbing goes.
        context.strokeStyle = live.style.eraser ? "rgba(255, 255, 255, 0.8)" : live.style.colour;
        context.fillStyle = context.strokeStyle;
        context.lineWidth = live.style.width;
        context.beginPath();
        context.moveTo(live.x[0] ?? 0, live.y[0] ?? 0);
        for (let index = 1; index < live.x.length; index += 1)
          context.lineTo(live.x[index] ?? 0, live.y[index] ?? 0);
        if (live.x.length === 1) {
          context.arc(live.x[0] ?? 0, live.y[0] ?? 0, live.style.width / 2, 0, 2 * Math.PI);
          context.fill();
        } else context.stroke();
      }
    });
  }
}
