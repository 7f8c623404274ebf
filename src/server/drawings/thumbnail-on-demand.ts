import type { FastifyBaseLogger } from "fastify";
import type { Store } from "../db/open.ts";
import { holdUndecodable } from "../moderation/undecodable.ts";
import { makeThumbnail } from "../png/thumbnail.ts";
import { type MadeOnDemand, madeOnDemand, type OnDemand, type VisitorMakes } from "./made-on-demand.ts";
import { findDrawingImage } from "./queries.ts";
import { findVisibleThumbnail, storeThumbnail } from "./thumbnail-queries.ts";

/**
 * Makes a drawing's WebP thumbnail on demand (about 240 ms of CPU), once per drawing at a time, bounded per
 * visitor by `makes`.
 */
export function thumbnailOnDemand(
  store: Store,
  log: FastifyBaseLogger,
  makes: VisitorMakes,
): OnDemand<Buffer> {
  const { db } = store;
  return madeOnDemand(makes, async (id): Promise<MadeOnDemand<Buffer>> => {
    log.debug({ drawing: id, atOnce: makes.running }, "thumbnail make started on demand");
    const stored = await findVisibleThumbnail(db, id);
    if (stored === undefined) return { kind: "gone" };
    if (stored.webp !== undefined) return { kind: "made", image: stored.webp };
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
    return { kind: "made", image: webp };
  });
}
