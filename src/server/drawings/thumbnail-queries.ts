import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { asBuffer } from "../db/values.ts";
import { visibleDrawing } from "../db/visible-drawing.ts";

/** A visible drawing's thumbnail, or undefined while none is stored yet (pending, or the job failed). */
export interface VisibleThumbnail {
  readonly webp: Buffer | undefined;
}

/**
 * Stores a drawing's thumbnail unless one is already there (the job and an on-demand request may race;
 * both made it from the same pixels). An empty buffer records a failure, so the job moves on.
 */
export async function storeThumbnail(db: Kysely<Database>, id: string, webp: Buffer): Promise<void> {
  await db
    .updateTable("drawings")
    .set({ thumbnail_webp: webp })
    .where("id", "=", id)
    .where((eb) => eb.or([eb("thumbnail_webp", "is", null), eb(eb.fn("length", ["thumbnail_webp"]), "=", 0)]))
    .execute();
}

/** The thumbnail of a visible drawing; undefined when no visible drawing has this id. */
export async function findVisibleThumbnail(
  db: Kysely<Database>,
  id: string,
): Promise<VisibleThumbnail | undefined> {
  const row = await visibleDrawing(db, id).select("thumbnail_webp").executeTakeFirst();
  if (row === undefined) return undefined;
  const data = row.thumbnail_webp;
  if (data === null || data.byteLength === 0) return { webp: undefined };
  return { webp: asBuffer(data) };
}
