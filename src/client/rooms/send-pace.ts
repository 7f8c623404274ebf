import { MAX_OP_ID, type SubmittedEntry } from "../../common/rooms/room-entries.ts";
import { MAX_SUBMIT_ENTRIES } from "../../common/rooms/room-frames.ts";

// How fast a page sends its entries: under the server's limits per socket (ROOM_OPS_PER_SECOND 20,
// ROOM_POINTS_PER_SECOND 2,000 by default, live points included), so a queue after a reconnect, or a drawing
// brought into a new room, goes out at a pace the room takes instead of closing the socket.

/** Entries sent per second at most. */
const ENTRIES_PER_SECOND = 15;
/** Stroke points of finished strokes sent per second at most (live points take the rest). */
const POINTS_PER_SECOND = 1200;

/** A fresh op id: random, so entries sent again after a reconnect are known by it (MAX_OP_ID). */
export function randomOpId(): number {
  const [high = 0, low = 0] = crypto.getRandomValues(new Uint32Array(2));
  return ((high & 0xffff) * 2 ** 32 + low) % MAX_OP_ID || 1;
}

/** The points an entry carries (a stroke's; 0 for anything else). */
function pointsOf(entry: SubmittedEntry | undefined): number {
  return entry?.kind === "op" && entry.op.kind === "stroke" ? entry.op.points.x.length : 0;
}

/** What may go out this second, refilled every second. */
export class SendPace {
  #entries = ENTRIES_PER_SECOND;
  #points = POINTS_PER_SECOND;

  /** A new second. */
  refill(): void {
    this.#entries = ENTRIES_PER_SECOND;
    this.#points = POINTS_PER_SECOND;
  }

  /**
   * How many of `waiting` from index `from` may go now in one frame (0: wait for the next second), spent. One
   * long stroke goes alone once the second is whole, whatever its points (the room's burst allows it).
   */
  take(waiting: readonly SubmittedEntry[], from: number): number {
    const most = Math.min(MAX_SUBMIT_ENTRIES, this.#entries, waiting.length - from);
    let count = 0;
    let points = 0;
    while (count < most) {
      const next = pointsOf(waiting[from + count]);
      if (points + next > this.#points && (count > 0 || this.#points < POINTS_PER_SECOND)) break;
      points += next;
      count += 1;
    }
    this.#entries -= count;
    this.#points -= points;
    return count;
  }
}
