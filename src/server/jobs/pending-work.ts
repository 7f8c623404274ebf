import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { asCount } from "../db/values.ts";

/** A column a background job fills in; null means the job has yet to run for that drawing. */
export type PendingWorkColumn = "reencoded_at" | "thumbnail_webp" | "card_png";

/** Each job's column, by the job's name in /metrics. */
export const JOB_COLUMNS: Readonly<Record<string, PendingWorkColumn>> = {
  reencode: "reencoded_at",
  thumbnail: "thumbnail_webp",
  card: "card_png",
};

/**
 * The drawings whose `column` is still null (each column has a partial index holding only these). A deleted
 * drawing has no bytes left; counting it would make the worker pick it up forever.
 */
function pending(db: Kysely<Database>, column: PendingWorkColumn) {
  return db.selectFrom("drawings").where(column, "is", null).where("status", "!=", "deleted");
}

/** Ids of up to `limit` drawings whose `column` is pending, oldest first. */
export async function findPendingWork(
  db: Kysely<Database>,
  column: PendingWorkColumn,
  limit: number,
): Promise<string[]> {
  const rows = await pending(db, column)
    .select("id")
    .orderBy("created_at")
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** How many drawings still wait for the job that fills `column`. */
export async function countPendingWork(db: Kysely<Database>, column: PendingWorkColumn): Promise<number> {
  const row = await pending(db, column)
    .select((eb) => eb.fn.countAll().as("count"))
    .executeTakeFirstOrThrow();
  return asCount(row.count);
}

/** How many drawings each job (by its name in JOB_COLUMNS) still has to do: /metrics' queue depth. */
export async function countPendingWorkByJob(
  db: Kysely<Database>,
): Promise<Array<[job: string, count: number]>> {
  return Promise.all(
    Object.entries(JOB_COLUMNS).map(
      async ([job, column]) => [job, await countPendingWork(db, column)] as [string, number],
    ),
  );
}
