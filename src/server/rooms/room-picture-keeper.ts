import { createHash } from "node:crypto";
import { encodePicture, type PictureMark, type RoomPicture } from "../../common/rooms/room-picture.ts";
import type { RoomState } from "../../common/rooms/room-state.ts";
import type { Store } from "../db/open.ts";
import { HttpError } from "../http/errors.ts";
import { validateDrawingPng } from "../png/validate.ts";
import { GuestVotes, type PictureSender, pixelDigest } from "./room-guest-pictures.ts";
import type { RoomLog } from "./room-log.ts";
import { storedPicture, storedPictureSeq, storePicture } from "./room-picture-queries.ts";

// The room's picture: the last one the host's page (or two guests' pages that agree) sent that still shows the
// start of the log, kept in the store (one per room) and in memory. A late joiner gets it before the snapshot
// and paints only the operations after it, whoever is in the room, after a restart, in any process
// (docs/decisions/0036).
//
// The host's page's picture is taken alone (room-socket.ts): the host already decides what the room shows
// (clear, remove, lock), so a picture adds no power. A guest's is taken only for a seq past the picture held,
// once a second visitor (another browser and another address) sent one of the same operations with the same
// pixels (room-guest-pictures.ts): one guest cannot make late joiners paint a made-up picture. Each is checked
// as every uploaded drawing is (a 600 x 600 PNG whose data decodes within bounded work, on the validation
// threads), then against the log.
// Which operations it shows is kept as a digest of their seqs; it holds while the log's digest through its seq
// is the same, so an undo, redo, remove or clear reaching into it (even one made while this process was down)
// sets it aside, and undoing that brings it back.

/** Guests' pictures waiting for their check, per room; past it, one is let go unchecked. */
const GUEST_CHECKS_WAITING = 4;

/** What offer decided. */
export type PictureVerdict = "kept" | "stale" | { readonly refused: string };

/** A picture this process holds: where it stands, what it shows, and its frame for pages. */
interface HeldPicture {
  readonly mark: PictureMark;
  readonly shows: string;
  readonly frame: Uint8Array;
}

/** The digest of the operations on in `state` through `seq` (items are in seq order). */
export function shownThrough(state: RoomState, seq: number): string {
  const seqs: number[] = [];
  for (const item of state.items) {
    if (item.seq > seq) break;
    if (item.on) seqs.push(item.seq);
  }
  return createHash("sha256").update(Float64Array.from(seqs)).digest("base64url");
}

/** The room's picture, as the store and this process hold it. */
export class PictureKeeper {
  readonly #log: RoomLog;
  readonly #store: Store;
  readonly #roomId: string;
  readonly #now: () => number;
  #held: HeldPicture | undefined;
  /** The log's seq when #held was last found true, and whether it was. */
  #checkedAt = -1;
  #true = false;
  /** The last picture offered, and the offers' turns: one is checked at a time per room. */
  #latest: RoomPicture | undefined;
  #turn: Promise<unknown> = Promise.resolve();
  readonly #guests = new GuestVotes();
  #guestChecksWaiting = 0;

  constructor(log: RoomLog, store: Store, roomId: string, now: () => number) {
    this.#log = log;
    this.#store = store;
    this.#roomId = roomId;
    this.#now = now;
  }

  /** The seq of the picture held and still true (0: none). */
  get through(): number {
    return this.#current()?.mark.seq ?? 0;
  }

  /** The picture frame for a page that gets the snapshot, when one is held and still true. */
  frame(): Uint8Array | undefined {
    return this.#current()?.frame;
  }

  /** Reads the stored picture when it is newer than the one held (another process, or none held yet). */
  async refresh(): Promise<void> {
    const held = this.#held?.mark.seq ?? 0;
    if ((await storedPictureSeq(this.#store.db, this.#roomId)) <= held) return;
    const stored = await storedPicture(this.#store.db, this.#roomId);
    if (stored === undefined || stored.seq <= (this.#held?.mark.seq ?? 0)) return;
    const mark = { seq: stored.seq, painted: stored.painted };
    this.#hold({ mark, shows: stored.shows, frame: encodePicture({ ...mark, png: stored.png }) });
  }

  /**
   * Checks a picture the host's page sent: a 600 x 600 PNG as every upload is (refused otherwise, with the
   * reason), of the log as it stands and newer than the one held (else stale: the room moved on while it was
   * sent), then keeps it in the store and here. One is checked at a time; one that a newer replaced while it
   * waited is stale unchecked, so a page sending many costs one check at a time, not one each.
   */
  offer(picture: RoomPicture): Promise<PictureVerdict> {
    this.#latest = picture;
    const turn = this.#turn.then(() => (this.#latest === picture ? this.#check(picture) : "stale"));
    this.#turn = turn.catch(() => undefined);
    return turn;
  }

  /**
   * Checks a picture a guest's page sent, as offer does, when the room holds none of its seq or later; kept
   * ("kept") only once another visitor's agrees with it, else it waits ("waiting") or is let go ("stale"). At
   * most GUEST_CHECKS_WAITING wait for the room's turn; past that, one is let go unchecked.
   */
  offerGuest(picture: RoomPicture, sender: PictureSender): Promise<PictureVerdict | "waiting"> {
    if (picture.seq <= this.through || this.#guestChecksWaiting >= GUEST_CHECKS_WAITING)
      return Promise.resolve("stale");
    this.#guestChecksWaiting += 1;
    const turn = this.#turn.then(() => this.#checkGuest(picture, sender));
    this.#turn = turn.catch(() => undefined);
    return turn.finally(() => {
      this.#guestChecksWaiting -= 1;
    });
  }

  async #checkGuest(picture: RoomPicture, sender: PictureSender): Promise<PictureVerdict | "waiting"> {
    const checked = await this.#checkAgainstLog(picture);
    if (checked === "stale" || "refused" in checked) return checked;
    const { shows } = checked;
    const pixels = await pixelDigest(picture.png);
    const mark = { seq: picture.seq, painted: picture.painted };
    if (this.#guests.add({ picture: mark, shows, pixels, sender }) === undefined) return "waiting";
    await this.#keep(picture, shows);
    return "kept";
  }

  /**
   * Checks `picture` as every upload is, then against the log: the digest of the operations it shows, or why it
   * is not taken (refused; stale: of a seq the room moved past, or not of the log as it stands).
   */
  async #checkAgainstLog(picture: RoomPicture): Promise<{ shows: string } | Exclude<PictureVerdict, "kept">> {
    try {
      await validateDrawingPng(Buffer.from(picture.png.buffer, picture.png.byteOffset, picture.png.length));
    } catch (error) {
      if (error instanceof HttpError) return { refused: `the room's picture: ${error.message}` };
      throw error;
    }
    if (picture.seq <= this.through || !this.#log.showsPrefix(picture)) return "stale";
    return { shows: shownThrough(this.#log.state, picture.seq) };
  }

  async #check(picture: RoomPicture): Promise<PictureVerdict> {
    const checked = await this.#checkAgainstLog(picture);
    if (checked === "stale" || "refused" in checked) return checked;
    await this.#keep(picture, checked.shows);
    return "kept";
  }

  /** Stores `picture` (checked, of the log as it stands) as the room's and holds it. */
  async #keep(picture: RoomPicture, shows: string): Promise<void> {
    const mark = { seq: picture.seq, painted: picture.painted };
    await storePicture(
      this.#store.db,
      this.#roomId,
      { ...mark, shows, png: picture.png },
      new Date(this.#now()),
    );
    if (picture.seq > (this.#held?.mark.seq ?? 0)) this.#hold({ mark, shows, frame: encodePicture(picture) });
    this.#guests.settledThrough(picture.seq);
  }

  #hold(held: HeldPicture): void {
    this.#held = held;
    this.#checkedAt = -1;
  }

  /** The picture held, when it still shows the log through its seq (checked once per seq of the log). */
  #current(): HeldPicture | undefined {
    const held = this.#held;
    if (held === undefined) return undefined;
    const through = this.#log.through;
    if (this.#checkedAt !== through) {
      this.#checkedAt = through;
      this.#true = held.mark.seq <= through && shownThrough(this.#log.state, held.mark.seq) === held.shows;
    }
    return this.#true ? held : undefined;
  }
}
