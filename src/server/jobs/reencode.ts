import { createHash } from "node:crypto";
import type { Store } from "../db/open.ts";
import { reencodeLosslessly } from "../png/reencode.ts";
import { finishReencode, type Replacement } from "./reencode-queries.ts";
import { storedPngJob } from "./stored-png-job.ts";
import type { JobKind, WorkerLog } from "./worker.ts";

/**
 * Background job that re-encodes each stored PNG losslessly and keeps the result only when it decodes
 * to the same pixels and is smaller. The answer to the save never waits for it.
 */
export function reencodeJob(store: Store, log: WorkerLog): JobKind {
  return storedPngJob(store.db, "reencode", "reencoded_at", async (image, id) => {
    const replacement = await smallerLosslessCopy(image.bytes, id, log);
    await finishReencode(store.db, id, image.sha256, replacement);
    // The image route must now serve the new bytes under their new ETag, not a cached copy of the old.
    if (replacement !== undefined) await store.events.publish({ type: "changed", id });
  });
}

/** An image the encoder cannot handle keeps its validated original; the job is still done. */
async function smallerLosslessCopy(
  png: Buffer,
  id: string,
  log: WorkerLog,
): Promise<Replacement | undefined> {
  try {
    const bytes = await reencodeLosslessly(png);
    if (bytes === undefined) return undefined;
    return { bytes, sha256: createHash("sha256").update(bytes).digest("hex") };
  } catch (error) {
    log.error({ err: error, drawing: id }, "re-encoding failed; the original PNG stays");
    return undefined;
  }
}
