/**
 * The timelapse's figures measured in the page (bench/timelapse): a drawing's log against its PNG, the player's work
 * per frame through a whole replay, and the time and size of its MP4 and of the GIF made where H.264 is missing.
 * The page's own code does the work: the shared decoder, the engine's painters, the replay, the video encoders.
 */

import { PAINTERS } from "../../src/client/engine/painters.ts";
import { preparePainters, TimelapseReplay } from "../../src/client/timelapse/replay.ts";
import { framePlan } from "../../src/client/timelapse/video/frames.ts";
import { encodeGif } from "../../src/client/timelapse/video/gif.ts";
import { encodeMp4, h264Codec, VIDEO_FPS } from "../../src/client/timelapse/video/mp4.ts";
import { decodeDrawing } from "../../src/common/drawing-document/decode.ts";
import { knownStickers } from "../../src/common/drawing-document/known-stickers.ts";
import { nextFrame } from "./frames.ts";

/** One replay played as the player plays it: each frame's work (paint the moment, copy it on screen). */
export interface PlaybackRun {
  readonly durationMs: number;
  readonly workMs: number[];
  readonly intervalsMs: number[];
}

/** One video made: how long it took, its size, how long it plays. */
export interface VideoRun {
  readonly ms: number;
  readonly bytes: number;
  readonly frames: number;
}

/** What the page measured of one drawing. */
export interface TimelapseFigures {
  readonly operations: number;
  readonly logBytes: number;
  readonly logGzipBytes: number;
  readonly pngBytes: number;
  readonly playback: PlaybackRun[];
  readonly mp4: VideoRun[] | null;
  readonly gif: VideoRun[];
}

/** How many of each measurement. */
export interface TimelapseRuns {
  readonly playback: number;
  readonly mp4: number;
  readonly gif: number;
}

const STYLE = { title: "Draw Fred" } as const;

async function gzipSize(bytes: Uint8Array<ArrayBuffer>): Promise<number> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"));
  return (await new Response(stream).arrayBuffer()).byteLength;
}

function pngSize(canvas: HTMLCanvasElement): Promise<number> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob === null ? reject(new Error("no PNG")) : resolve(blob.size)), "image/png"),
  );
}

/**
 * The PNG the page would save for the drawing encoded in `making` (its finished picture, by the same painters and
 * the canvas's own PNG encoder, which toBlob in the page's Save also uses), as base64: the save bench posts each
 * drawing's own picture.
 */
export async function finishedPng(making: Uint8Array<ArrayBuffer>): Promise<string> {
  const drawing = decodeDrawing(making, { stickers: knownStickers() });
  await preparePainters(drawing, PAINTERS);
  const dataUrl = new TimelapseReplay(drawing, null, PAINTERS).finished().toDataURL("image/png");
  return dataUrl.slice(dataUrl.indexOf(",") + 1);
}

/** Plays a fresh replay through on a visible canvas, frame by frame as the player does. */
async function playThrough(replay: TimelapseReplay, screen: CanvasRenderingContext2D): Promise<PlaybackRun> {
  const workMs: number[] = [];
  const stamps: number[] = [];
  const { duration } = replay.timeline;
  const started = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
  for (let at = 0; at <= duration; ) {
    const stamp = await new Promise<number>((resolve) => requestAnimationFrame(resolve));
    at = stamp - started;
    const before = performance.now();
    screen.drawImage(replay.frameAt(Math.min(at, duration)), 0, 0);
    workMs.push(performance.now() - before);
    stamps.push(stamp);
  }
  const intervalsMs = stamps.slice(1).map((stamp, index) => stamp - (stamps[index] ?? stamp));
  return { durationMs: duration, workMs, intervalsMs };
}

async function timeVideo(make: () => Promise<Blob>, frames: number): Promise<VideoRun> {
  await nextFrame();
  const started = performance.now();
  const blob = await make();
  return { ms: performance.now() - started, bytes: blob.size, frames };
}

/** Measures the drawing encoded in `making` (a white start: the bench page has no mascot to fetch). */
export async function benchTimelapse(
  making: Uint8Array<ArrayBuffer>,
  runs: TimelapseRuns,
): Promise<TimelapseFigures> {
  const drawing = decodeDrawing(making, { stickers: knownStickers() });
  await preparePainters(drawing, PAINTERS);
  // As the page has it when it offers the timelapse: checked, its finished picture painted once (which works out
  // each fill's runs, kept in the replay's memo).
  const fresh = () => {
    const replay = new TimelapseReplay(drawing, null, PAINTERS);
    replay.finished();
    return replay;
  };
  const pngBytes = await pngSize(fresh().finished());
  const host = document.getElementById("host") ?? document.body;
  host.replaceChildren();
  const canvas = document.createElement("canvas");
  canvas.width = 600;
  canvas.height = 600;
  host.append(canvas);
  const screen = canvas.getContext("2d");
  if (screen === null) throw new Error("no 2D canvas");
  const playback: PlaybackRun[] = [];
  for (let run = 0; run < runs.playback; run += 1) playback.push(await playThrough(fresh(), screen));

  const options = { style: STYLE, signal: new AbortController().signal, onProgress: () => undefined };
  const codec = await h264Codec();
  let mp4: VideoRun[] | null = null;
  if (codec !== null) {
    mp4 = [];
    const frames = framePlan(fresh().timeline, VIDEO_FPS).count;
    for (let run = 0; run < runs.mp4; run += 1) {
      mp4.push(await timeVideo(() => encodeMp4(fresh(), codec, options), frames));
    }
  }
  const gif: VideoRun[] = [];
  // gif.ts's own plan: at most 20 frames a second and 350 frames, the held end one of them.
  const seconds = fresh().timeline.duration / 1000;
  const gifFrames = Math.max(1, Math.floor(seconds * Math.min(20, 349 / Math.max(seconds, 0.001)))) + 1;
  for (let run = 0; run < runs.gif; run += 1) {
    gif.push(await timeVideo(() => encodeGif(fresh(), options), gifFrames));
  }
  return {
    operations: drawing.operations.length,
    logBytes: making.length,
    logGzipBytes: await gzipSize(making),
    pngBytes,
    playback,
    mp4,
    gif,
  };
}
