/**
 * The timelapse as an MP4 that X accepts: H.264 (High, else Main) in yuv420p through WebCodecs' VideoEncoder,
 * 720 x 720 at 30 fps, no audio, muxed by mediabunny with the index (moov) before the data, so it plays while it
 * downloads. Loaded only when a visitor asks for a video.
 */
import { BufferTarget, CanvasSource, canEncodeVideo, Mp4OutputFormat, Output } from "mediabunny";
import type { TimelapseReplay } from "../replay.ts";
import { drawFrame, type FrameStyle, framePlan } from "./frames.ts";

export const VIDEO_SIZE = 720;
export const VIDEO_FPS = 30;
/** About 2 Mbit/s: a drawing's flat colours stay crisp, and 17 s come to some 4 MB. */
const BITRATE = 2_000_000;
/** H.264 High and Main at level 3.1 (enough for 720 x 720 at 30 fps), in the order tried. */
const H264_CODECS = ["avc1.64001f", "avc1.4d401f"] as const;

/** The first H.264 profile this browser encodes at the video's size, or null (no H.264 encoder: make a GIF). */
export async function h264Codec(): Promise<string | null> {
  if (typeof VideoEncoder === "undefined") return null;
  for (const fullCodecString of H264_CODECS) {
    const options = { width: VIDEO_SIZE, height: VIDEO_SIZE, bitrate: BITRATE, fullCodecString };
    if (await canEncodeVideo("avc", options).catch(() => false)) return fullCodecString;
  }
  return null;
}

/** What making a video reports and how it is stopped. */
export interface EncodeOptions {
  readonly style: FrameStyle;
  readonly signal: AbortSignal;
  /** 0 .. 1 as frames are encoded. */
  readonly onProgress: (done: number) => void;
}

/** Encodes the timelapse as MP4 with the H.264 `codec` (h264Codec); rejects with an AbortError when cancelled. */
export async function encodeMp4(
  replay: TimelapseReplay,
  codec: string,
  options: EncodeOptions,
): Promise<Blob> {
  const canvas = document.createElement("canvas");
  canvas.width = VIDEO_SIZE;
  canvas.height = VIDEO_SIZE;
  const context = canvas.getContext("2d", { alpha: false });
  if (context === null) throw new Error("This browser gave no 2D canvas to draw the video's frames on.");
  const target = new BufferTarget();
  const output = new Output({ format: new Mp4OutputFormat({ fastStart: "in-memory" }), target });
  const source = new CanvasSource(canvas, { codec: "avc", bitrate: BITRATE, fullCodecString: codec });
  output.addVideoTrack(source, { frameRate: VIDEO_FPS });
  await output.start();
  const plan = framePlan(replay.timeline, VIDEO_FPS);
  try {
    for (let index = 0; index < plan.count; index += 1) {
      options.signal.throwIfAborted();
      drawFrame(context, replay.frameAt(plan.at(index)), options.style);
      await source.add(index / VIDEO_FPS, 1 / VIDEO_FPS);
      options.onProgress((index + 1) / plan.count);
    }
    source.close();
    await output.finalize();
  } catch (error) {
    await output.cancel().catch(() => undefined);
    throw error;
  }
  if (target.buffer === null) throw new Error("The video encoder produced no file.");
  return new Blob([target.buffer], { type: "video/mp4" });
}
