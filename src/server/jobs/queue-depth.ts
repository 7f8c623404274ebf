import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { countPendingReencodes } from "./reencode-queries.ts";

/** Background work still pending in the store, per job: what the worker has yet to do. */
export async function pendingBackgroundWork(db: Kysely<Database>): Promise<Record<string, number>> {
  const thumbnails = await db
    .selectFrom("drawings")
    .select((eb) => eb.fn.countAll().as("count"))
    .where("thumbnail_webp", "is", null)
    .where("status", "!=", "deleted")
    .executeTakeFirstOrThrow();
  // pg returns count(*) as a string (bigint); SQLite as a number.
  return { reencode: await countPendingReencodes(db), thumbnail: Number(thumbnails.count) };
}
