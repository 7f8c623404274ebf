import type { Operation } from "../../common/drawing-document/types.ts";
import type { PictureSchedule } from "../../common/rooms/room-messages.ts";
import { encodePictureParts, type PictureMark, type RoomPicture } from "../../common/rooms/room-picture.ts";
import type { RoomState } from "../../common/rooms/room-state.ts";
import type { SavedLog } from "../engine/picture.ts";

// The room's picture on this page: a PNG of the log's start, painted at once so a repaint (a late join, an
// undo) paints only the operations after it instead of the whole log. A page gets it from the server before
// the snapshot; the host's page makes it from its own canvas every ROOM_PICTURE_EVERY operations and sends
// it, and so do drawers' pages while no host's page is in the room, once the log stood still for a moment (the
// server keeps a guest's only when another visitor's page sent the same pixels of the same seq). A picture is
// used only while it is the start of the log as this page holds it: an undo, redo, remove or clear reaching
// into it, or a snapshot from another connection than the one that brought it, lets it go.

/** Parts sent per turn of the pace below (room-socket counts every message: live strokes need their share). */
const PARTS_PER_TICK = 2;
const TICK_MS = 100;

/** A picture ready to paint. */
export interface HeldPicture extends PictureMark {
  readonly image: ImageBitmap;
}

/** What the pictures ask of the page. */
export interface PictureHost {
  /** Sends a frame; false when offline. */
  readonly send: (bytes: Uint8Array) => boolean;
  /** The canvas's PNG, taken now (toBlob copies the pixels when called). */
  readonly canvasPng: () => Promise<Blob>;
  /** A picture became usable: repaint if the picture is stale. */
  readonly ready: () => void;
}

/** Decodes a PNG to exactly its pixels (no colour conversion: the canvas's own bytes come back). */
async function imageOf(png: Blob): Promise<ImageBitmap> {
  return createImageBitmap(png, { colorSpaceConversion: "none", premultiplyAlpha: "none" });
}

/** The page's room picture: received, made (on the host's page) and let go. */
export class RoomPictures {
  readonly #host: PictureHost;
  #held: HeldPicture | null = null;
  /** Counts connections: a picture brought by an earlier one does not vouch for a later snapshot. */
  #connection = 0;
  #heldConnection = -1;
  /** Pictures being decoded: a repaint waits for them. */
  #decoding = 0;
  /** On a page that sends them: how often (0: never), and the seq of the last one the server holds. */
  #every = 0;
  #sentThrough = 0;
  /** On a guest's page: how long the log stands still before a picture is taken, and since when it has. */
  #quietMs = 0;
  #stillSeq = -1;
  #stillSince = 0;
  #stillTimer: ReturnType<typeof setTimeout> | undefined;
  #sending: ReturnType<typeof setInterval> | undefined;
  /** A picture is being made or sent. */
  #busy = false;
  /** Counts rewrites: a picture taken or received before one may no longer be the log's start. */
  #rewrites = 0;

  constructor(host: PictureHost) {
    this.#host = host;
  }

  /** Whether a repaint should wait (a picture is being decoded). */
  get decoding(): boolean {
    return this.#decoding > 0;
  }

  /**
   * A new connection was welcomed, the page's log at `through`; on a page that sends pictures, how often and
   * the one held. A picture still ahead of the log waited for entries the lost connection did not bring.
   */
  welcomed(schedule: PictureSchedule | undefined, through: number): void {
    this.#connection += 1;
    if (this.#held !== null && this.#held.seq > through) this.#drop();
    this.#stopSending();
    this.#every = 0;
    this.#sentThrough = 0;
    if (schedule !== undefined) this.schedule(schedule);
  }

  /** The server says how this page sends the room's picture (every 0: it does not; the host's page came). */
  schedule(schedule: PictureSchedule): void {
    this.#every = schedule.every;
    this.#sentThrough = Math.max(this.#sentThrough, schedule.through);
    this.#quietMs = schedule.quietMs ?? 0;
    this.#stillSeq = -1;
  }

  /** A picture from the server (it comes just before the snapshot it belongs with). */
  received(picture: RoomPicture): void {
    const connection = this.#connection;
    const rewrites = this.#rewrites;
    this.#decoding += 1;
    imageOf(new Blob([picture.png as Uint8Array<ArrayBuffer>], { type: "image/png" }))
      .then((image) => {
        if (connection === this.#connection && rewrites === this.#rewrites)
          this.#hold({ seq: picture.seq, painted: picture.painted, image });
        else image.close();
      })
      .catch((error: unknown) =>
        console.warn("Fanvas: the room's picture could not be read; replaying.", error),
      )
      .finally(() => {
        this.#decoding -= 1;
        this.#host.ready();
      });
  }

  /** A snapshot replaced the page's state: a picture brought by another connection may not be its start. */
  snapshot(): void {
    if (this.#heldConnection !== this.#connection) this.#drop();
  }

  /** Operations from seq `from` on were turned on or off (0: a clear). */
  rewrote(from: number): void {
    this.#rewrites += 1;
    if (this.#held !== null && from <= this.#held.seq) this.#drop();
  }

  /**
   * Whether the picture held is of a later seq than `state` has reached: the server sends a picture with the
   * snapshot and the entries that reach it, which are on their way, so a repaint waits for them rather than
   * replaying the whole log without it.
   */
  ahead(state: RoomState): boolean {
    return this.#held !== null && this.#held.seq > state.through;
  }

  /** The picture to paint `state` from, and how many of its painted operations it holds; null: none. */
  usable(state: RoomState): { readonly index: number; readonly image: ImageBitmap } | null {
    const held = this.#held;
    if (held === null || held.seq > state.through) return null;
    let painted = 0;
    for (const item of state.items) if (item.on && item.seq <= held.seq) painted += 1;
    if (painted === held.painted) return { index: held.painted, image: held.image };
    this.#drop();
    return null;
  }

  /** What a repaint of `state`, then this page's `waiting` operations, restores: from the picture when it can. */
  savedLog(state: RoomState, waiting: readonly Operation[]): SavedLog {
    const operations = [...state.painted(), ...waiting];
    const picture = this.usable(state);
    return { start: state.start, origin: Date.now(), operations, position: operations.length, picture };
  }

  /**
   * On the host's page, with the canvas showing exactly `state` (nothing of its own waiting, nothing being
   * drawn or repainted): sends a new picture when the log grew by `every` since the last.
   */
  settled(state: RoomState): void {
    if (this.#every === 0 || this.#busy) return;
    if (state.through - this.#sentThrough < this.#every) return;
    if (this.#quietMs > 0 && !this.#stillFor(state.through)) return;
    const mark: PictureMark = { seq: state.through, painted: state.paintedCount() };
    if (mark.painted === 0) return;
    this.#sentThrough = mark.seq;
    const connection = this.#connection;
    const rewrites = this.#rewrites;
    this.#busy = true;
    void this.#host
      .canvasPng()
      .then(async (png) => {
        const parts = encodePictureParts(mark, new Uint8Array(await png.arrayBuffer()));
        if (connection === this.#connection) this.#sendParts(parts);
        else this.#busy = false;
        const image = await imageOf(png);
        const newer = this.#held === null || this.#held.seq < mark.seq;
        if (newer && rewrites === this.#rewrites) this.#hold({ ...mark, image });
        else image.close();
      })
      .catch((error: unknown) => {
        this.#stopSending();
        console.warn("Fanvas: the room's picture could not be made.", error);
      });
  }

  /**
   * Whether the log stood at `through` for quietMs: guests' pages must take their pictures at the same seq to
   * agree, and a quiet room is where every page shows the same one. Asks again once the time is up.
   */
  #stillFor(through: number): boolean {
    if (through === this.#stillSeq) return performance.now() - this.#stillSince >= this.#quietMs;
    this.#stillSeq = through;
    this.#stillSince = performance.now();
    clearTimeout(this.#stillTimer);
    this.#stillTimer = setTimeout(() => this.#host.ready(), this.#quietMs);
    return false;
  }

  /** Lets go of everything (the page leaves the room). */
  stop(): void {
    clearTimeout(this.#stillTimer);
    this.#stopSending();
    this.#drop();
  }

  #sendParts(parts: readonly Uint8Array[]): void {
    let next = 0;
    const connection = this.#connection;
    const tick = () => {
      for (let sent = 0; sent < PARTS_PER_TICK && next < parts.length; sent += 1) {
        if (connection !== this.#connection || !this.#host.send(parts[next] as Uint8Array)) {
          this.#stopSending();
          return;
        }
        next += 1;
      }
      if (next >= parts.length) this.#stopSending();
    };
    this.#sending = setInterval(tick, TICK_MS);
    tick();
  }

  #stopSending(): void {
    clearInterval(this.#sending);
    this.#sending = undefined;
    this.#busy = false;
  }

  #hold(picture: HeldPicture): void {
    this.#drop();
    this.#held = picture;
    this.#heldConnection = this.#connection;
  }

  #drop(): void {
    this.#held?.image.close();
    this.#held = null;
  }
}
