import sharp, { type Metadata } from "sharp";
import { CANVAS_SIZE } from "../../common/constants.ts";
import { encodePicture, type RoomPicture } from "../../common/rooms/room-picture.ts";
import type { RoomLog } from "./room-log.ts";

// The room's picture in this process: the last one the host's page sent that still shows the start of the
// log. A late joiner gets it before the snapshot and paints only the operations after it. It is kept in memory
// only: after a restart, or in another process, the host's page sends a new one (welcome says none is held),
// and until then a late joiner replays the log, as it would without pictures.
//
// Only the host's page may send one (room-socket.ts): the host already decides what the room shows (clear,
// remove, lock), so a picture adds no power; each joiner checks its count of operations against the log.

/** What offer decided. */
export type PictureVerdict = "kept" | "stale" | { readonly refused: string };

/** The room's picture, as this process holds it. */
export class PictureKeeper {
  readonly #log: RoomLog;
  #held: { readonly picture: RoomPicture; readonly frame: Uint8Array } | undefined;

  constructor(log: RoomLog) {
    this.#log = log;
  }

  /** The seq of the picture held and still true (0: none). */
  get through(): number {
    return this.#current()?.picture.seq ?? 0;
  }

  /** The picture frame for a page that gets the snapshot, when one is held and still true. */
  frame(): Uint8Array | undefined {
    return this.#current()?.frame;
  }

  /**
   * Checks a picture the host's page sent: a 600 x 600 PNG (refused otherwise: the page is not ours), of the
   * log as it stands and newer than the one held (else stale: the room moved on while it was sent).
   */
  async offer(picture: RoomPicture): Promise<PictureVerdict> {
    let metadata: Metadata;
    try {
      metadata = await sharp(picture.png).metadata();
    } catch {
      return { refused: "the room's picture is not an image" };
    }
    if (metadata.format !== "png" || metadata.width !== CANVAS_SIZE || metadata.height !== CANVAS_SIZE)
      return { refused: `the room's picture is a ${CANVAS_SIZE} x ${CANVAS_SIZE} PNG` };
    if (picture.seq <= this.through || !this.#log.showsPrefix(picture)) return "stale";
    this.#held = { picture, frame: encodePicture(picture) };
    return "kept";
  }

  #current() {
    const held = this.#held;
    if (held === undefined) return undefined;
    if (this.#log.showsPrefix(held.picture)) return held;
    this.#held = undefined;
    return undefined;
  }
}
