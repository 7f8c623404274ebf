/**
 * Makes a timelapse's video file: an MP4 where this browser encodes H.264 (checked first), else a GIF, named
 * as the drawing's download is (`{downloadPrefix}-{milliseconds}.mp4`).
 */
import type { TimelapseReplay } from "../replay.ts";
import type { FrameStyle } from "./frames.ts";
import { encodeGif } from "./gif.ts";
import { encodeMp4, h264Codec } from "./mp4.ts";

/** What a video is made from and how its making is followed. */
export interface VideoRequest {
  readonly replay: TimelapseReplay;
  /** The branding's downloadPrefix. */
  readonly prefix: string;
  readonly style: FrameStyle;
  readonly signal: AbortSignal;
  /** 0 .. 1 as it is made. */
  readonly onProgress: (done: number) => void;
}

/** The file made, and which kind it is. */
export interface MadeVideo {
  readonly file: File;
  readonly kind: "mp4" | "gif";
}

/** Makes the video; rejects with an AbortError when `signal` aborts. */
export async function makeVideo(request: VideoRequest): Promise<MadeVideo> {
  const { replay, signal, onProgress, style } = request;
  const codec = await h264Codec();
  const kind = codec === null ? "gif" : "mp4";
  const blob =
    codec === null
      ? await encodeGif(replay, { style, signal, onProgress })
      : await encodeMp4(replay, codec, { style, signal, onProgress });
  const file = new File([blob], `${request.prefix}-${Date.now()}.${kind}`, { type: blob.type });
  return { file, kind };
}

/** True where the system share sheet takes the video and is the way to pass it on: a phone or tablet. */
export function shareSheetTakes(file: File): boolean {
  try {
    return (
      matchMedia("(pointer: coarse)").matches &&
      typeof navigator.canShare === "function" &&
      navigator.canShare({ files: [file] })
    );
  } catch {
    return false;
  }
}
