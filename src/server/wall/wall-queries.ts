import type { Kysely } from "kysely";
import type { ReactionCounts } from "../../common/reactions.ts";
import type { DrawingRef } from "../db/event-bus.ts";
import type { Database } from "../db/schema.ts";
import { asCount, isoTime } from "../db/values.ts";
import { stateOf } from "../reactions/reaction-queries.ts";
import type { GalleryCursor } from "./wall-cursor.ts";

/** One row of the wall: what its card shows, without the bytes. */
export interface WallRow extends DrawingRef {
  readonly reactions: ReactionCounts;
  readonly reactionsVersion: number;
  readonly remixOf: string | null;
  readonly making: boolean;
  /** The Top order's key: every reaction of every kind. */
  readonly reactionCount: number;
  /** The name it shows (none when unsigned or blocked), its prompt and its place: always read. */
  readonly credit: string | null;
  readonly promptId: string | null;
  readonly promptPlace: number | null;
  /** The salted hash of the browser that saved it (never sent: the route tells the asking browser "mine"). */
  readonly saverHash: string | null;
}

/** The columns a wall can be narrowed to one value of: a prompt's entries, a name's drawings, a browser's. */
export type ScopeColumn = "prompt_id" | "credit_key" | "saver_hash";

/**
 * Up to `limit` visible drawings older than `before` (all when undefined), newest first, the id
 * breaking ties between equal times. Keyset pagination on (status, created_at, id): each page is one
 * index range however deep it is, where OFFSET would walk every row before it. `remixOf` lists only the
 * remixes of that drawing (their own index, in the same order).
 */
export function listVisibleDrawings(
  db: Kysely<Database>,
  before: GalleryCursor | undefined,
  limit: number,
  remixOf?: string,
): Promise<WallRow[]> {
  return listNewestVisible(db, remixOf === undefined ? undefined : ["remix_of", remixOf], before, limit);
}

/**
 * Up to `limit` visible drawings whose `column` is `value`, older than `before`, newest first (the id breaking
 * ties). Each column has its partial index (column, status, created_at, id), so a page is one index range
 * however many drawings the wall and the scope hold, as the wall's own pages are.
 */
export function listScopedDrawings(
  db: Kysely<Database>,
  column: ScopeColumn,
  value: string,
  before: GalleryCursor | undefined,
  limit: number,
): Promise<WallRow[]> {
  return listNewestVisible(db, [column, value], before, limit);
}

/** The keyset page both lists share: visible drawings, narrowed to one column's value when `where` is given. */
async function listNewestVisible(
  db: Kysely<Database>,
  where: readonly [ScopeColumn | "remix_of", string] | undefined,
  before: GalleryCursor | undefined,
  limit: number,
): Promise<WallRow[]> {
  let query = db
    .selectFrom("drawings")
    .select("id")
    .where("status", "=", "visible")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit);
  if (where !== undefined) query = query.where(where[0], "=", where[1]);
  if (before !== undefined) {
    query = query.where((eb) =>
      eb(eb.refTuple("created_at", "id"), "<", eb.tuple(before.createdAt, before.id)),
    );
  }
  return wallRows(
    db,
    (await query.execute()).map((row) => row.id),
  );
}

/**
 * The cards of these drawings, in the order given (visible ones only): counts from the drawing's own row and
 * the id it remixes, when that one is still on the wall (a hidden or deleted original loses its link, never
 * its remixes). One query of `ids.length` primary-key reads, whatever the size of the wall.
 */
export async function wallRows(db: Kysely<Database>, ids: readonly string[]): Promise<WallRow[]> {
  if (ids.length === 0) return [];
  // The status is checked here, not in SQL: given "status = 'visible'" too, SQLite (which has no statistics)
  // walked an index on status over every visible drawing (38 ms at 100,000) instead of the 24 id lookups.
  const rows = await selectCards(db).select("drawings.status").where("drawings.id", "in", ids).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (row === undefined || row.status !== "visible") return [];
    const { reactions, version } = stateOf(row);
    return [
      {
        id,
        createdAt: isoTime(row.created_at),
        reactions,
        reactionsVersion: version,
        reactionCount: Number(row.reaction_count),
        remixOf: row.original_id ?? null,
        ...shownClaims(row),
        saverHash: row.saver_hash,
        making: row.making_sha256 !== null,
      },
    ];
  });
}

/** What a card shows of a drawing's claims: its name unless that name is blocked, its prompt and place. */
export function shownClaims(row: {
  readonly credit_name: string | null;
  readonly blocked_key: string | null;
  readonly prompt_id: string | null;
  readonly prompt_place: number | null;
}): { credit: string | null; promptId: string | null; promptPlace: number | null } {
  return {
    credit: row.blocked_key === null ? row.credit_name : null,
    promptId: row.prompt_id,
    promptPlace: row.prompt_place === null ? null : Number(row.prompt_place),
  };
}

/**
 * What a card (or an exported drawing) shows of `drawings`: its counters, the id it remixes joined only when
 * that original is visible, and its name joined with the blocked names (a blocked name is never shown).
 */
export function selectCards(db: Kysely<Database>) {
  return db
    .selectFrom("drawings")
    .leftJoin("drawings as original", (join) =>
      join.onRef("original.id", "=", "drawings.remix_of").on("original.status", "=", "visible"),
    )
    .leftJoin("blocked_names as blocked", "blocked.name_key", "drawings.credit_key")
    .select([
      "drawings.id",
      "drawings.created_at",
      "drawings.heart_count",
      "drawings.fire_count",
      "drawings.lol_count",
      "drawings.reaction_count",
      "drawings.reactions_version",
      "original.id as original_id",
      "drawings.credit_name",
      "blocked.name_key as blocked_key",
      "drawings.prompt_id",
      "drawings.prompt_place",
      "drawings.saver_hash",
      "drawings.making_sha256",
    ]);
}

/** How many remixes of the drawing are on the wall. */
export async function countVisibleRemixes(db: Kysely<Database>, id: string): Promise<number> {
  const row = await db
    .selectFrom("drawings")
    .select((eb) => eb.fn.countAll().as("count"))
    .where("remix_of", "=", id)
    .where("status", "=", "visible")
    .executeTakeFirstOrThrow();
  return asCount(row.count);
}
