import { createHash } from "node:crypto";
import sharp from "sharp";
import type { PictureSchedule } from "../../common/rooms/room-messages.ts";
import type { PictureMark } from "../../common/rooms/room-picture.ts";
import type { RoomMember } from "./room-presence.ts";

// Guests' pictures of a room that has no host's picture for their seq. One guest's picture is never handed to
// a late joiner (a guest could draw a made-up one): it waits here until a second visitor, of another browser
// AND another address (the identities the rooms' limits and bans use: IPv4, IPv6 by /64), sends a picture of
// the same seq, showing the same operations, whose decoded pixels are the same bytes. Chromium paints a log the
// same pixel for pixel, so honest pages agree; pictures that never find a match are let go (late joiners replay
// the log, the safe way). What waits is bounded: one picture per browser and per address, PENDING_PER_ROOM in all.

/** A guest's page sends the room's picture once the log stood still this long (so pages agree on its seq). */
export const GUEST_PICTURE_QUIET_MS = 1_000;
/** Guests' pictures a room keeps waiting for a match. */
export const PENDING_PER_ROOM = 8;

/**
 * What `member`'s page is told about sending the room's picture: the host's page sends one every `every`
 * operations; while no host's page is among `members`, a drawer's page does too, once the log stood still for
 * GUEST_PICTURE_QUIET_MS (a quiet room is where every page shows the same seq, so two can agree); others none.
 */
export function pictureScheduleOf(
  member: RoomMember,
  members: Iterable<RoomMember>,
  every: number,
  through: number,
): { picture?: PictureSchedule } {
  if (member.host) return { picture: { every, through } };
  if (member.role !== "drawer" || [...members].some((other) => other.host)) return {};
  return { picture: { every, through, quietMs: GUEST_PICTURE_QUIET_MS } };
}

/** Who sent a guest's picture. */
export interface PictureSender {
  /** The browser's visitor hash. */
  readonly visitorHash: string;
  /** The address's visitor key (an IPv4 address, an IPv6 /64). */
  readonly address: string;
}

/** A guest's picture, checked, waiting for a second one like it (its PNG is not kept: the second one's is). */
export interface GuestPicture {
  readonly picture: PictureMark;
  /** The digest of the operations it shows (shownThrough). */
  readonly shows: string;
  /** SHA-256 of its decoded RGBA pixels. */
  readonly pixels: string;
  readonly sender: PictureSender;
}

/**
 * SHA-256 of a PNG's pixels as RGBA bytes, decoded by sharp (no colour conversion: the bytes the PNG holds).
 * Called only on a PNG validateDrawingPng accepted (600 x 600, data that inflates within bounds).
 */
export async function pixelDigest(png: Uint8Array): Promise<string> {
  const raw = await sharp(png, { limitInputPixels: 600 * 600 })
    .ensureAlpha()
    .raw()
    .toBuffer();
  return createHash("sha256").update(raw).digest("base64url");
}

/** The guests' pictures of one room, waiting for agreement. */
export class GuestVotes {
  #waiting: GuestPicture[] = [];

  /** How many wait (for tests and the admin's view). */
  get size(): number {
    return this.#waiting.length;
  }

  /**
   * Adds `guest`'s picture; returns the one it agrees with (the same seq, operations and pixels, from another
   * browser and another address), or undefined while it waits. A sender's earlier picture is replaced (one
   * person holds one place, whatever they send), and the oldest seqs go first past PENDING_PER_ROOM.
   */
  add(guest: GuestPicture): GuestPicture | undefined {
    const match = this.#waiting.find(
      (other) =>
        other.picture.seq === guest.picture.seq &&
        other.shows === guest.shows &&
        other.pixels === guest.pixels &&
        other.sender.visitorHash !== guest.sender.visitorHash &&
        other.sender.address !== guest.sender.address,
    );
    if (match !== undefined) {
      this.settledThrough(guest.picture.seq);
      return match;
    }
    this.#waiting = this.#waiting.filter(
      (other) =>
        other.sender.visitorHash !== guest.sender.visitorHash &&
        other.sender.address !== guest.sender.address,
    );
    this.#waiting.push(guest);
    this.#waiting.sort((a, b) => b.picture.seq - a.picture.seq);
    this.#waiting.length = Math.min(this.#waiting.length, PENDING_PER_ROOM);
    return undefined;
  }

  /** The room holds a picture through `seq`: guests' pictures up to it are of no more use. */
  settledThrough(seq: number): void {
    this.#waiting = this.#waiting.filter((other) => other.picture.seq > seq);
  }
}
