/**
 * Images made from a stored drawing when a request asks before the background job made them (the wall's
 * thumbnail, the link card): one make per drawing and kind at a time, and bounds on the makes running, shared
 * by every kind: per visitor, since each costs a few hundred milliseconds of CPU, and per process
 * (THUMBNAILS_AT_ONCE), since each holds a decoded drawing and many networks of visitors must not start
 * hundreds at once.
 */

/** Image makes one visitor (an IPv4 address or IPv6 /64) may have running at once, thumbnails and cards alike. */
export const MAX_MAKES_PER_VISITOR = 2;

/** What asking for an image that was not made yet led to. */
export type MadeOnDemand<Image> =
  | { readonly kind: "made"; readonly image: Image }
  /** Not on the wall (any more), or our decoder cannot read it (then it was just taken off the wall). */
  | { readonly kind: "gone" }
  /** This visitor already has MAX_MAKES_PER_VISITOR makes running, or the process its most at once. */
  | { readonly kind: "busy" };

/** Makes one drawing's image on demand, for one visitor. */
export type OnDemand<Image> = (id: string, visitor: string) => Promise<MadeOnDemand<Image>>;

/** The makes each visitor has running, shared by every kind of image a server makes on demand. */
export interface VisitorMakes {
  /** Counts a make for the visitor; false (and counts nothing) when they or the process have the most they may. */
  start(visitor: string): boolean;
  /** A make the visitor started has finished. */
  finish(visitor: string): void;
  /** The makes running in the process. */
  readonly running: number;
}

/** A count of makes per visitor, bounded by `perVisitor`, and in all, bounded by `atOnce`. */
export function visitorMakes(atOnce: number, perVisitor: number = MAX_MAKES_PER_VISITOR): VisitorMakes {
  const running = new Map<string, number>();
  let total = 0;
  return {
    start: (visitor) => {
      const count = running.get(visitor) ?? 0;
      if (count >= perVisitor || total >= atOnce) return false;
      running.set(visitor, count + 1);
      total += 1;
      return true;
    },
    finish: (visitor) => {
      total -= 1;
      const left = (running.get(visitor) ?? 1) - 1;
      if (left === 0) running.delete(visitor);
      else running.set(visitor, left);
    },
    get running() {
      return total;
    },
  };
}

/**
 * One `make` per drawing at a time: every request that arrives while it runs waits for that same make, and
 * only starting a make counts against its visitor. `make` reads the store again before making, so a request
 * that saw no image just before another make stored one never makes a second.
 */
export function madeOnDemand<Image>(
  makes: VisitorMakes,
  make: (id: string) => Promise<MadeOnDemand<Image>>,
): OnDemand<Image> {
  const making = new Map<string, Promise<MadeOnDemand<Image>>>();
  return async (id, visitor) => {
    const running = making.get(id);
    if (running !== undefined) return running;
    if (!makes.start(visitor)) return { kind: "busy" };
    const made = make(id).finally(() => {
      making.delete(id);
      makes.finish(visitor);
    });
    making.set(id, made);
    return made;
  };
}
