import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { storeThumbnail } from "../drawings/thumbnail-queries.ts";
import { makeThumbnail } from "../png/thumbnail.ts";
import { storedPngJob } from "./stored-png-job.ts";
import type { JobKind, WorkerLog } from "./worker.ts";

/**
 * Background job that makes each stored drawing's WebP thumbnail for the wall, so the gallery never
 * waits for an encoder. The image route makes one on demand when asked before the job got there.
 */
export function thumbnailJob(db: Kysely<Database>, log: WorkerLog): JobKind {
  return storedPngJob(db, "thumbnail", "thumbnail_webp", async (image, id) => {
    await storeThumbnail(db, id, await thumbnailOrEmpty(image.bytes, id, log));
  });
}

/** A drawing the encoder cannot handle gets the empty marker; the image route tries again on demand. */
async function thumbnailOrEmpty(png: Buffer, id: string, log: WorkerLog): Promise<Buffer> {
  try {
    return await makeThumbnail(png);
  } catch (error) {
    log.error({ err: error, drawing: id }, "making the thumbnail failed; it will be made on demand");
    return Buffer.alloc(0);
  }
}
