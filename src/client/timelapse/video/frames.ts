/**
 * A timelapse's video frames: the replay at a fixed frame rate, the finished picture held at the end, each frame
 * the drawing scaled to the video's size with the community's title small in a corner (when the branding asks).
 */
import { CANVAS_SIZE } from "../../../common/constants.ts";
import type { Timeline } from "../timeline.ts";

/** The finished picture is held this long at the end, so a viewer sees it before the video loops. */
export const HOLD_MS = 2000;
/** No video is shorter (X refuses shorter ones). */
export const MIN_VIDEO_MS = 500;

/** How many frames a video of `timeline` has at `fps`, and which playback moment each shows. */
export interface FramePlan {
  readonly count: number;
  readonly fps: number;
  /** The playback milliseconds frame `index` shows (the finished picture once past the timeline). */
  at(index: number): number;
}

/** The frames of `timeline` at `fps`: the replay, then HOLD_MS of the finished picture, at least MIN_VIDEO_MS. */
export function framePlan(timeline: Timeline, fps: number): FramePlan {
  const total = Math.max(MIN_VIDEO_MS, timeline.duration + HOLD_MS);
  const count = Math.ceil((total / 1000) * fps);
  return { count, fps, at: (index) => Math.min(timeline.duration, (index * 1000) / fps) };
}

/** What each frame carries besides the drawing. */
export interface FrameStyle {
  /** The community's title, small in the bottom right corner; null for none. */
  readonly title: string | null;
}

/** Draws one video frame: `picture` (600 x 600) filling `context`'s square canvas, and the title. */
export function drawFrame(
  context: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D,
  picture: CanvasImageSource,
  style: FrameStyle,
): void {
  const size = context.canvas.width;
  context.save();
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = "high";
  context.drawImage(picture, 0, 0, CANVAS_SIZE, CANVAS_SIZE, 0, 0, size, size);
  if (style.title !== null && style.title !== "") {
    const fontSize = Math.round(size / 36);
    const margin = Math.round(fontSize * 0.8);
    context.font = `600 ${fontSize}px system-ui, sans-serif`;
    context.textAlign = "right";
    context.textBaseline = "bottom";
    context.lineJoin = "round";
    context.lineWidth = Math.max(2, fontSize / 5);
    context.strokeStyle = "rgba(0, 0, 0, 0.6)";
    context.fillStyle = "#ffffff";
    context.strokeText(style.title, size - margin, size - margin);
    context.fillText(style.title, size - margin, size - margin);
  }
  context.restore();
}
