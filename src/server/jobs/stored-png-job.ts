import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { type DrawingImage, findDrawingImage } from "../drawings/queries.ts";
import { findPendingWork, type PendingWorkColumn } from "./pending-work.ts";
import type { JobKind } from "./worker.ts";

/**
 * A job kind that works from a drawing's stored PNG: it lists the drawings whose `column` is still null and
 * hands each one's PNG to `work`, which must fill that column in. A drawing deleted since it was listed is
 * skipped (deleting fills the column in).
 */
export function storedPngJob(
  db: Kysely<Database>,
  name: string,
  column: PendingWorkColumn,
  work: (image: DrawingImage, id: string) => Promise<void>,
): JobKind {
  return {
    name,
    pending: (limit) => findPendingWork(db, column, limit),
    run: async (id) => {
      const image = await findDrawingImage(db, id, "stored");
      if (image === undefined) return;
      await work(image, id);
    },
  };
}
