import { type Kysely, sql, type Transaction } from "kysely";
import type { ReactionCounts, ReactionKind } from "../../common/reactions.ts";
import type { Database } from "../db/schema.ts";

/** A drawing's counts now and their version; what the reactions routes answer. */
export interface StoredReactions {
  readonly reactions: ReactionCounts;
  readonly version: number;
}

/** One visitor's reaction of one kind to one drawing. */
export interface ReactionKey {
  readonly drawingId: string;
  /** visitorHasher's hash of the visitor. */
  readonly reactorHash: string;
  readonly kind: ReactionKind;
}

/** What a toggle did: the counts after it (undefined: no drawing on the wall has this id) and whether it changed them. */
export interface ToggleOutcome {
  readonly state: StoredReactions | undefined;
  readonly changed: boolean;
}

const COUNTER: Readonly<Record<ReactionKind, "heart_count" | "fire_count" | "lol_count">> = {
  heart: "heart_count",
  fire: "fire_count",
  lol: "lol_count",
};

/**
 * Gives the reaction, once: the row and the drawing's counters change in one transaction, so the counts are
 * always the rows' (also under many visitors at once: PostgreSQL's row lock orders the increments, SQLite has
 * one writer). A drawing that is not visible takes none.
 */
export async function addReaction(db: Kysely<Database>, key: ReactionKey, at: Date): Promise<ToggleOutcome> {
  return db.transaction().execute(async (trx) => {
    const state = await readReactions(trx, key.drawingId);
    if (state === undefined) return { state, changed: false };
    const inserted = await trx
      .insertInto("reactions")
      .values({
        drawing_id: key.drawingId,
        reactor_hash: key.reactorHash,
        kind: key.kind,
        created_at: at.toISOString(),
      })
      .onConflict((conflict) => conflict.columns(["drawing_id", "reactor_hash", "kind"]).doNothing())
      .returning("kind")
      .executeTakeFirst();
    if (inserted === undefined) return { state, changed: false };
    return { state: await count(trx, key, 1), changed: true };
  });
}

/** Takes the reaction back, if the visitor gave it, from a drawing on the wall (one transaction, as above). */
export async function removeReaction(db: Kysely<Database>, key: ReactionKey): Promise<ToggleOutcome> {
  return db.transaction().execute(async (trx) => {
    const state = await readReactions(trx, key.drawingId);
    if (state === undefined) return { state, changed: false };
    const removed = await trx
      .deleteFrom("reactions")
      .where("drawing_id", "=", key.drawingId)
      .where("reactor_hash", "=", key.reactorHash)
      .where("kind", "=", key.kind)
      .returning("kind")
      .executeTakeFirst();
    if (removed === undefined) return { state, changed: false };
    return { state: await count(trx, key, -1), changed: true };
  });
}

/** Moves the kind's counter and the total by `step`, and the version by one; answers the counts after. */
async function count(trx: Transaction<Database>, key: ReactionKey, step: 1 | -1) {
  const counter = COUNTER[key.kind];
  const row = await trx
    .updateTable("drawings")
    .set({
      [counter]: sql`${sql.ref(counter)} + ${step}`,
      reaction_count: sql`reaction_count + ${step}`,
      reactions_version: sql`reactions_version + 1`,
    })
    .where("id", "=", key.drawingId)
    .returning(["heart_count", "fire_count", "lol_count", "reactions_version"])
    .executeTakeFirstOrThrow();
  return stateOf(row);
}

/** A visible drawing's counts; undefined when no drawing on the wall has this id. */
export async function readReactions(
  db: Kysely<Database>,
  drawingId: string,
): Promise<StoredReactions | undefined> {
  const row = await db
    .selectFrom("drawings")
    .select(["heart_count", "fire_count", "lol_count", "reactions_version"])
    .where("id", "=", drawingId)
    .where("status", "=", "visible")
    .executeTakeFirst();
  return row === undefined ? undefined : stateOf(row);
}

/** The reactions one visitor gave each of these drawings (a drawing they gave none is left out). */
export async function reactionsGivenBy(
  db: Kysely<Database>,
  reactorHash: string,
  drawingIds: readonly string[],
): Promise<Map<string, ReactionKind[]>> {
  const given = new Map<string, ReactionKind[]>();
  if (drawingIds.length === 0) return given;
  const rows = await db
    .selectFrom("reactions")
    .select(["drawing_id", "kind"])
    .where("drawing_id", "in", drawingIds)
    .where("reactor_hash", "=", reactorHash)
    .execute();
  for (const row of rows) {
    const kinds = given.get(row.drawing_id) ?? [];
    kinds.push(row.kind as ReactionKind);
    given.set(row.drawing_id, kinds);
  }
  return given;
}

/** The counters of a drawings row as the API shapes them. */
export function stateOf(row: {
  heart_count: number;
  fire_count: number;
  lol_count: number;
  reactions_version: number;
}): StoredReactions {
  return {
    reactions: { heart: Number(row.heart_count), fire: Number(row.fire_count), lol: Number(row.lol_count) },
    version: Number(row.reactions_version),
  };
}
