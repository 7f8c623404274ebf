import sharp from "sharp";
import { FRAME } from "../../../src/common/rooms/room-frames.ts";
import {
  decodePicture,
  encodePictureParts,
  type PictureMark,
} from "../../../src/common/rooms/room-picture.ts";
import type { RoomTestClient } from "./room-client.ts";

// The room's picture as a test sends and receives it.

const DEADLINE_MS = 10_000;

/** A plain PNG of `size` pixels square, in `background`. */
export function png(size = 600, background = "#ffffff"): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 3, background } })
    .png()
    .toBuffer();
}

/** Sends `bytes` as a picture of `mark`, in parts as the host's page does. */
export function sendPicture(client: RoomTestClient, mark: PictureMark, bytes: Uint8Array): void {
  for (const part of encodePictureParts(mark, bytes)) client.sendBytes(part);
}

/** A picture a late joiner got: its mark and its PNG. */
export interface HandedPicture extends PictureMark {
  readonly png: Buffer;
}

/**
 * The picture a page joining now gets first (`join` must not wait for the welcome, which the frames follow at
 * once), or undefined when its first frame is the snapshot.
 */
export async function firstPictureOf(
  join: () => Promise<RoomTestClient>,
): Promise<HandedPicture | undefined> {
  const client = await join();
  const first = await new Promise<Uint8Array>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("no frame came")), DEADLINE_MS);
    client.socket.on("message", (data, binary) => {
      clearTimeout(timer);
      if (binary) resolve(new Uint8Array(data as Buffer));
    });
  });
  client.close();
  if (first[0] !== FRAME.picture) return undefined;
  const { seq, painted, png } = decodePicture(first);
  return { seq, painted, png: Buffer.from(png) };
}

/** The mark of the picture a page joining now gets first, or undefined (the snapshot came first). */
export async function firstFrameOf(join: () => Promise<RoomTestClient>): Promise<PictureMark | undefined> {
  const picture = await firstPictureOf(join);
  return picture === undefined ? undefined : { seq: picture.seq, painted: picture.painted };
}

/** Joins until a late joiner gets a picture of `seq` (the server checks one off the event loop), or the deadline. */
export async function pictureHanded(
  join: () => Promise<RoomTestClient>,
  seq?: number,
): Promise<PictureMark | undefined> {
  const until = Date.now() + DEADLINE_MS;
  for (;;) {
    const mark = await firstFrameOf(join);
    if ((mark !== undefined && (seq === undefined || mark.seq === seq)) || Date.now() > until) return mark;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
