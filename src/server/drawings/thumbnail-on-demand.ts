import type { FastifyBaseLogger } from "fastify";
import type { ThumbnailSettings } from "../config.ts";
import type { Store } from "../db/open.ts";
import { holdUndecodable } from "../moderation/undecodable.ts";
import { makeThumbnail } from "../png/thumbnail.ts";
import { findDrawingImage } from "./queries.ts";
import { findVisibleThumbnail, storeThumbnail } from "./thumbnail-queries.ts";

/**
 * Thumbnails made at most this many at once for one visitor (an IPv4 address or IPv6 /64). Each costs about
 * 240 ms of CPU; a visitor asking for more gets the full PNG instead, which costs nothing to send.
 */
export const MAX_THUMBNAILS_PER_VISITOR = 2;

/** What asking for a visible drawing's thumbnail before the background job made it led to. */
export type OnDemandThumbnail =
  | { readonly kind: "made"; readonly webp: Buffer }
  /** Not on the wall (any more), or our decoder cannot read it (then it was just taken off the wall). */
  | { readonly kind: "gone" }
  /** This visitor already has MAX_THUMBNAILS_PER_VISITOR being made, or the process THUMBNAILS_AT_ONCE. */
  | { readonly kind: "busy" };

/** Makes a drawing's thumbnail on demand, once per drawing at a time, bounded per visitor. */
export type ThumbnailOnDemand = (id: string, visitor: string) => Promise<OnDemandThumbnail>;

/**
 * One make per drawing at a time: every request that arrives while it runs waits for that same make, and
 * only starting a make counts against its visitor and the process (`settings.maxAtOnce`: each holds a decoded
 * drawing, so many networks of visitors must not start hundreds at once). Inside, the store is read again
 * before making, so a request that saw no thumbnail just before another make stored one never makes a second.
 */
export function thumbnailOnDemand(
  store: Store,
  log: FastifyBaseLogger,
  settings: ThumbnailSettings,
): ThumbnailOnDemand {
  const { db } = store;
  const making = new Map<string, Promise<OnDemandThumbnail>>();
  const startedBy = new Map<string, number>();

  const make = async (id: string): Promise<OnDemandThumbnail> => {
    const stored = await findVisibleThumbnail(db, id);
    if (stored === undefined) return { kind: "gone" };
    if (stored.webp !== undefined) return { kind: "made", webp: stored.webp };
    const image = await findDrawingImage(db, id);
    if (image === undefined) return { kind: "gone" };
    let webp: Buffer;
    try {
      webp = await makeThumbnail(image.bytes);
    } catch (failure) {
      await holdUndecodable(store, id, failure, log);
      return { kind: "gone" };
    }
    await storeThumbnail(db, id, webp);
    log.info({ drawing: id }, "thumbnail made on demand");
    return { kind: "made", webp };
  };

  return async (id, visitor) => {
    const running = making.get(id);
    if (running !== undefined) return running;
    const started = startedBy.get(visitor) ?? 0;
    if (started >= MAX_THUMBNAILS_PER_VISITOR || making.size >= settings.maxAtOnce) return { kind: "busy" };
    startedBy.set(visitor, started + 1);
    log.debug({ drawing: id, atOnce: making.size + 1 }, "thumbnail make started on demand");
    const made = make(id).finally(() => {
      making.delete(id);
      const left = (startedBy.get(visitor) ?? 1) - 1;
      if (left === 0) startedBy.delete(visitor);
      else startedBy.set(visitor, left);
    });
    making.set(id, made);
    return made;
  };
}
