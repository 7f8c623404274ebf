import type { Kysely } from "kysely";
import type { TopWindow } from "../../common/api.ts";
import type { Database } from "../db/schema.ts";
import type { TopCursor } from "./top-cursor.ts";
import { type WallRow, wallRows } from "./wall-queries.ts";

/** "This week" ranks the drawings stored on these many UTC days: today and the six before. */
export const WEEK_DAYS = 7;

/** Where a Top page starts: after `after` (the first page when undefined), in the week from `since`. */
export interface TopPage {
  readonly window: TopWindow;
  /** First UTC day of the week ranked ('2026-11-20'); "" for all time. */
  readonly since: string;
  readonly after: TopCursor | undefined;
  readonly limit: number;
  /** Only this prompt's entries (window "all"): one range of their own index, (prompt_id, status, count, ...). */
  readonly promptId?: string | undefined;
}

/**
 * Up to `limit` visible drawings, most reactions first, then newest, then by id: a total order, so keyset pages
 * (after the last row's count, time and id) never skip or repeat a drawing whose count stays put.
 *
 * All time is one range of the (status, reaction_count, created_at, id) index, walked backwards. This week is
 * the same range within each of the seven days of (status, created_day, reaction_count, created_at, id): each
 * day gives at most `limit` rows, so the page is chosen among at most 7 x `limit`, however many drawings the
 * week holds (docs/decisions/0012-top-drawings.md). Only then are the chosen rows read whole.
 */
export async function listTopDrawings(db: Kysely<Database>, page: TopPage): Promise<WallRow[]> {
  const ranked = (day: string | undefined) => {
    let query = inTopOrder(db).limit(page.limit);
    if (day !== undefined) query = query.where("created_day", "=", day);
    if (page.promptId !== undefined) query = query.where("prompt_id", "=", page.promptId);
    const { after } = page;
    if (after === undefined) return query;
    return query.where((eb) =>
      eb(
        eb.refTuple("reaction_count", "created_at", "id"),
        "<",
        eb.tuple(after.count, after.createdAt, after.id),
      ),
    );
  };
  if (page.window === "all")
    return wallRows(
      db,
      (await ranked(undefined).execute()).map((row) => row.id),
    );
  const [first, ...rest] = weekDays(page.since).map((day, index) =>
    db.selectFrom(ranked(day).as(`day${index}`)).selectAll(),
  );
  if (first === undefined) return [];
  const rows = await rest
    .reduce((union, day) => union.unionAll(day), first)
    .orderBy("reaction_count", "desc")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(page.limit)
    .execute();
  return wallRows(
    db,
    rows.map((row) => row.id),
  );
}

/** Every visible drawing's id, count and time, in the Top order (an index range: see listTopDrawings). */
export function inTopOrder(db: Kysely<Database>) {
  return db
    .selectFrom("drawings")
    .select(["id", "reaction_count", "created_at"])
    .where("status", "=", "visible")
    .orderBy("reaction_count", "desc")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc");
}

/** The week's days from `since` on, as stored in created_day. */
export function weekDays(since: string): string[] {
  const start = Date.parse(`${since}T00:00:00.000Z`);
  return Array.from({ length: WEEK_DAYS }, (_, index) =>
    new Date(start + index * 86_400_000).toISOString().slice(0, 10),
  );
}

/** The first day of the week that ends today (UTC). */
export function weekSince(now: Date): string {
  return new Date(now.getTime() - (WEEK_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
}
