import type { Store } from "../db/open.ts";
import { storeCard } from "../drawings/card-queries.ts";
import { holdUndecodable } from "../moderation/undecodable.ts";
import { type CardStyle, cardStyleKey, makeCard } from "../png/card.ts";
import { storedPngJob } from "./stored-png-job.ts";
import type { JobKind, WorkerLog } from "./worker.ts";

/**
 * Background job that makes each stored drawing's link card, so the first crawler to read a shared permalink
 * gets it at once. The card route makes one on demand when asked before the job got there, or when the
 * branding changed since. A drawing the decoder cannot read gets the empty marker and leaves the wall.
 */
export function cardJob(store: Store, log: WorkerLog, style: CardStyle): JobKind {
  const key = cardStyleKey(style);
  return storedPngJob(store.db, "card", "card_png", async (image, id) => {
    try {
      await storeCard(store.db, id, await makeCard(image.bytes, style), key);
    } catch (failure) {
      await storeCard(store.db, id, Buffer.alloc(0), key);
      await holdUndecodable(store, id, failure, log);
    }
  });
}
