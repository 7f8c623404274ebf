/**
 * The timelapse player, framework-free so the permalink page's script, the wall's dialog and /admin share it:
 * the drawing appearing at 60 frames a second (the screen's), Play / Pause / Replay, a scrubber, the time, and
 * the finished picture held at the end. Keyboard: Space or K plays and pauses, the arrows, Home and End move
 * along the scrubber. A screen reader hears what the controls are and when it plays, pauses and ends. Reduced
 * motion: it starts paused (on the finished picture), playing only when asked.
 */
import { CANVAS_SIZE } from "../../common/constants.ts";
import type { TimelapseReplay } from "./replay.ts";
import "./player.css";

/** What a mounted player offers its host. */
export interface PlayerHandle {
  readonly element: HTMLElement;
  play(): void;
  pause(): void;
  /** Stops its frames and listeners; the element stays until its host removes it. */
  destroy(): void;
}

/** How a player starts. */
export interface PlayerOptions {
  /** Starts playing at once unless the visitor asks for reduced motion (then it waits, paused). */
  readonly autoplay: boolean;
  /** Shown under the controls (the video actions), when given. */
  readonly extra?: HTMLElement | undefined;
  /** The drawing's words for screen readers ("the drawing's timelapse"). */
  readonly label?: string;
}

/** Scrubber steps: a tenth of a second. */
const STEP_MS = 100;

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function button(className: string, text: string): HTMLButtonElement {
  const made = document.createElement("button");
  made.type = "button";
  made.className = className;
  made.textContent = text;
  return made;
}

/** Builds a player for `replay`. */
export function createPlayer(replay: TimelapseReplay, options: PlayerOptions): PlayerHandle {
  const { duration } = replay.timeline;
  const root = document.createElement("div");
  root.className = "timelapse";
  const canvas = document.createElement("canvas");
  canvas.className = "timelapse__canvas";
  canvas.width = CANVAS_SIZE;
  canvas.height = CANVAS_SIZE;
  canvas.setAttribute("role", "img");
  canvas.setAttribute("aria-label", options.label ?? "The drawing being made, stroke by stroke");
  const context = canvas.getContext("2d");
  const controls = document.createElement("div");
  controls.className = "timelapse__controls";
  const toggle = button("timelapse__toggle", "Play");
  const scrub = document.createElement("input");
  scrub.type = "range";
  scrub.className = "timelapse__scrub";
  scrub.min = "0";
  scrub.max = String(Math.round(duration));
  scrub.step = String(STEP_MS);
  scrub.setAttribute("aria-label", "Position in the timelapse");
  const time = document.createElement("span");
  time.className = "timelapse__time";
  time.setAttribute("aria-hidden", "true");
  const announce = document.createElement("p");
  announce.className = "visually-hidden";
  announce.setAttribute("aria-live", "polite");
  controls.append(toggle, scrub, time);
  root.append(canvas, controls, announce);
  if (options.extra) root.append(options.extra);

  let position = 0;
  let playing = false;
  /** Played to its end (the button then replays it from the start). */
  let ended = false;
  let frame = 0;
  let clock = 0;

  const show = (at: number) => {
    position = Math.min(duration, Math.max(0, at));
    context?.drawImage(replay.frameAt(position), 0, 0);
    scrub.value = String(Math.round(position));
    scrub.setAttribute("aria-valuetext", `${seconds(position)} of ${seconds(duration)}`);
    time.textContent = `${seconds(position)} / ${seconds(duration)}`;
    toggle.textContent = playing ? "Pause" : ended ? "Replay" : "Play";
  };
  const tick = (now: number) => {
    show(position + (now - clock));
    clock = now;
    if (position >= duration) {
      ended = true;
      return stop("The timelapse ended on the finished drawing.");
    }
    frame = requestAnimationFrame(tick);
  };
  const stop = (said: string) => {
    playing = false;
    cancelAnimationFrame(frame);
    show(position);
    announce.textContent = said;
  };
  const play = () => {
    if (playing) return;
    if (position >= duration) position = 0;
    playing = true;
    ended = false;
    announce.textContent = "Playing the timelapse.";
    clock = performance.now();
    show(position);
    frame = requestAnimationFrame(tick);
  };
  const pause = () => {
    if (playing) stop(`Paused at ${seconds(position)}.`);
  };

  toggle.addEventListener("click", () => (playing ? pause() : play()));
  scrub.addEventListener("input", () => {
    ended = false;
    if (playing) stop("Paused.");
    show(Number(scrub.value));
  });
  const onKey = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement;
    if (event.key === "k" || (event.key === " " && target.tagName !== "BUTTON")) {
      event.preventDefault();
      if (playing) pause();
      else play();
    }
  };
  root.addEventListener("keydown", onKey);

  const reduced = matchMedia("(prefers-reduced-motion: reduce)").matches;
  if (options.autoplay && !reduced) {
    show(0);
    play();
  } else {
    // Paused where nothing moves: the finished drawing, with Replay ready to show its making.
    show(duration);
  }

  return {
    element: root,
    play,
    pause,
    destroy() {
      cancelAnimationFrame(frame);
      playing = false;
      root.removeEventListener("keydown", onKey);
    },
  };
}
