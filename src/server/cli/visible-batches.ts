import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { asBuffer, isoTime } from "../db/values.ts";

/** One visible drawing as the export writes it. */
export interface ExportRow {
  readonly id: string;
  readonly createdAt: string;
  readonly png: Buffer;
}

/** Rows per query: a few MB of PNGs at a time, whatever the size of the store. */
export const EXPORT_BATCH_SIZE = 200;

/**
 * Every visible drawing, oldest first, in batches read by keyset pagination on (created_at, id), so
 * memory holds one batch however many drawings there are and no row is skipped or read twice.
 */
export async function* visibleDrawingBatches(
  db: Kysely<Database>,
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<ExportRow[]> {
  let after: { createdAt: string; id: string } | undefined;
  for (;;) {
    let query = db
      .selectFrom("drawings")
      .select(["id", "created_at", "image_data"])
      .where("status", "=", "visible")
      .orderBy("created_at")
      .orderBy("id")
      .limit(batchSize);
    if (after !== undefined) {
      const { createdAt, id } = after;
      query = query.where((eb) =>
        eb.or([
          eb("created_at", ">", createdAt),
          eb.and([eb("created_at", "=", createdAt), eb("id", ">", id)]),
        ]),
      );
    }
    const rows = await query.execute();
    if (rows.length === 0) return;
    const batch = rows.map((row) => ({
      id: row.id,
      createdAt: isoTime(row.created_at),
      png: asBuffer(row.image_data),
    }));
    yield batch;
    const last = batch[batch.length - 1];
    if (last === undefined || rows.length < batchSize) return;
    after = { createdAt: last.createdAt, id: last.id };
  }
}
