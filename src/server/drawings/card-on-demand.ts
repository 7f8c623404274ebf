import type { FastifyBaseLogger } from "fastify";
import type { Store } from "../db/open.ts";
import { holdUndecodable } from "../moderation/undecodable.ts";
import { type CardStyle, cardStyleKey, makeCard } from "../png/card.ts";
import { findVisibleCard, storeCard } from "./card-queries.ts";
import { type MadeOnDemand, madeOnDemand, type OnDemand, type VisitorMakes } from "./made-on-demand.ts";
import { findDrawingImage } from "./queries.ts";

/**
 * Makes a drawing's link card on demand (about 200 ms of CPU) when none is stored in the current style, once
 * per drawing at a time, bounded per visitor by `makes` (the same count as thumbnails).
 */
export function cardOnDemand(
  store: Store,
  log: FastifyBaseLogger,
  makes: VisitorMakes,
  style: CardStyle,
): OnDemand<Buffer> {
  const { db } = store;
  const key = cardStyleKey(style);
  return madeOnDemand(makes, async (id): Promise<MadeOnDemand<Buffer>> => {
    const stored = await findVisibleCard(db, id);
    if (stored === undefined) return { kind: "gone" };
    if (stored.png !== undefined && stored.style === key) return { kind: "made", image: stored.png };
    const image = await findDrawingImage(db, id);
    if (image === undefined) return { kind: "gone" };
    let png: Buffer;
    try {
      png = await makeCard(image.bytes, style);
    } catch (failure) {
      await holdUndecodable(store, id, failure, log);
      return { kind: "gone" };
    }
    await storeCard(db, id, png, key);
    log.info({ drawing: id }, "card image made on demand");
    return { kind: "made", image: png };
  });
}
