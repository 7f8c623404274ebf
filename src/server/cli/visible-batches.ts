import type { Kysely } from "kysely";
import type { ReactionCounts } from "../../common/reactions.ts";
import type { Database } from "../db/schema.ts";
import { asBuffer, isoTime } from "../db/values.ts";
import { stateOf } from "../reactions/reaction-queries.ts";
import { selectCards, shownClaims } from "../wall/wall-queries.ts";

/** One visible drawing as the export writes it. */
export interface ExportRow {
  readonly id: string;
  readonly createdAt: string;
  readonly png: Buffer;
  readonly reactions: ReactionCounts;
  /** The drawing it remixes, when that one is visible too (so it is in the same export). */
  readonly remixOf: string | null;
  /** The name it shows (never a blocked one), the prompt it was entered in, and its place among its top three. */
  readonly name: string | null;
  readonly prompt: string | null;
  readonly place: number | null;
  /** Its making (the encoded drawing log of its timelapse), when it has one. */
  readonly making: Buffer | null;
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
    let query = selectCards(db)
      .select(["drawings.image_data", "drawings.making"])
      .where("drawings.status", "=", "visible")
      .orderBy("drawings.created_at")
      .orderBy("drawings.id")
      .limit(batchSize);
    if (after !== undefined) {
      const { createdAt, id } = after;
      query = query.where((eb) =>
        eb.or([
          eb("drawings.created_at", ">", createdAt),
          eb.and([eb("drawings.created_at", "=", createdAt), eb("drawings.id", ">", id)]),
        ]),
      );
    }
    const rows = await query.execute();
    if (rows.length === 0) return;
    const batch = rows.map((row) => ({
      id: row.id,
      createdAt: isoTime(row.created_at),
      png: asBuffer(row.image_data),
      reactions: stateOf(row).reactions,
      remixOf: row.original_id ?? null,
      ...exportedClaims(shownClaims(row)),
      making: row.making === null ? null : asBuffer(row.making),
    }));
    yield batch;
    const last = batch[batch.length - 1];
    if (last === undefined || rows.length < batchSize) return;
    after = { createdAt: last.createdAt, id: last.id };
  }
}

function exportedClaims(
  claims: ReturnType<typeof shownClaims>,
): Pick<ExportRow, "name" | "prompt" | "place"> {
  return { name: claims.credit, prompt: claims.promptId, place: claims.promptPlace };
}
