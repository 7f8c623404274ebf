import { createHash } from "node:crypto";
import type { Store } from "../db/open.ts";
import { holdUndecodable } from "../moderation/undecodable.ts";
import { reencodeLosslessly } from "../png/reencode.ts";
import { finishReencode, type Replacement } from "./reencode-queries.ts";
import { storedPngJob } from "./stored-png-job.ts";
import type { JobKind, WorkerLog } from "./worker.ts";

/**
 * Background job that re-encodes each stored PNG losslessly and keeps the result only when it decodes
 * to the same pixels and is smaller. The answer to the save never waits for it. A drawing the decoder cannot
 * read keeps its bytes for a moderator, is marked done and leaves the wall: what rides in its chunks would
 * otherwise be served unchanged forever.
 */
export function reencodeJob(store: Store, log: WorkerLog): JobKind {
  return storedPngJob(store.db, "reencode", "reencoded_at", async (image, id) => {
    const replacement = await smallerLosslessCopy(image.bytes).catch(async (failure: unknown) => {
      await holdUndecodable(store, id, failure, log);
      return undefined;
    });
    await finishReencode(store.db, id, image.sha256, replacement);
    // The image route must now serve the new bytes under their new ETag, not a cached copy of the old.
    if (replacement !== undefined) await store.events.publish({ type: "changed", id });
  });
}

/** The smaller pixel-identical copy, undefined when none is smaller; rejects when the PNG cannot be decoded. */
async function smallerLosslessCopy(png: Buffer): Promise<Replacement | undefined> {
  const bytes = await reencodeLosslessly(png);
  if (bytes === undefined) return undefined;
  return { bytes, sha256: createHash("sha256").update(bytes).digest("hex") };
}
