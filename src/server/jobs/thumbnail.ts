import type { Store } from "../db/open.ts";
import { storeThumbnail } from "../drawings/thumbnail-queries.ts";
import { holdUndecodable } from "../moderation/undecodable.ts";
import { makeThumbnail } from "../png/thumbnail.ts";
import { storedPngJob } from "./stored-png-job.ts";
import type { JobKind, WorkerLog } from "./worker.ts";

/**
 * Background job that makes each stored drawing's WebP thumbnail for the wall, so the gallery never
 * waits for an encoder. The image route makes one on demand when asked before the job got there.
 * A drawing the decoder cannot read gets the empty marker (the job is done with it) and leaves the wall.
 */
export function thumbnailJob(store: Store, log: WorkerLog): JobKind {
  return storedPngJob(store.db, "thumbnail", "thumbnail_webp", async (image, id) => {
    try {
      await storeThumbnail(store.db, id, await makeThumbnail(image.bytes));
    } catch (failure) {
      await storeThumbnail(store.db, id, Buffer.alloc(0));
      await holdUndecodable(store, id, failure, log);
    }
  });
}
