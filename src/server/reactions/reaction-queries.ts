import { type Kysely, sql, type Transaction } from "kysely";
import type { ReactionCounts, ReactionKind } from "../../common/reactions.ts";
import type { Database } from "../db/schema.ts";
import { visibleDrawing } from "../db/visible-drawing.ts";

/** A drawing's counts now and their version; what the reactions routes answer. */
export interface StoredReactions {
  readonly reactions: ReactionCounts;
  readonly version: number;
}

/** One browser's reaction of one kind to one drawing. */
export interface ReactionKey {
  readonly drawingId: string;
  /** The browser's hash (browserHash of its visitor id). */
  readonly reactorHash: string;
  /** The hash of the address it comes from (visitorHasher: the IPv4 address or the IPv6 /64). */
  readonly addressHash: string;
  readonly kind: ReactionKind;
}

/**
 * What a toggle did: the counts after it (undefined: no drawing on the wall has this id), whether it changed
 * them, and whether it was refused because the drawing counts as many browsers of this address as it may.
 */
export interface ToggleOutcome {
  readonly state: StoredReactions | undefined;
  readonly changed: boolean;
  readonly addressFull?: true;
}

const COUNTER: Readonly<Record<ReactionKind, "heart_count" | "fire_count" | "lol_count">> = {
  heart: "heart_count",
  fire: "fire_count",
  lol: "lol_count",
};

/**
 * Gives the reaction, once: the row and the drawing's counters change in one transaction, so the counts are
 * always the rows' (also under many browsers at once: the drawing's row is locked first, so on PostgreSQL the
 * toggles of one drawing take turns; SQLite has one writer). A drawing that is not visible takes none. A
 * browser new to this drawing counts only while fewer than `browsersPerAddress` browsers of its address have
 * reactions on it (0: no cap); a reaction its address gave before reactions belonged to browsers becomes this
 * browser's instead of counting twice.
 */
export async function addReaction(
  db: Kysely<Database>,
  key: ReactionKey,
  at: Date,
  browsersPerAddress: number,
): Promise<ToggleOutcome> {
  return db.transaction().execute(async (trx) => {
    const state = await lockReactions(trx, key.drawingId);
    if (state === undefined || (await takeOverAddressReaction(trx, key))) return { state, changed: false };
    if (browsersPerAddress > 0 && !(await mayCount(trx, key, browsersPerAddress))) {
      return { state, changed: false, addressFull: true };
    }
    const inserted = await trx
      .insertInto("reactions")
      .values({
        drawing_id: key.drawingId,
        reactor_hash: key.reactorHash,
        address_hash: key.addressHash,
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

/** Takes the reaction back, if the browser gave it, from a drawing on the wall (one transaction, as above). */
export async function removeReaction(db: Kysely<Database>, key: ReactionKey): Promise<ToggleOutcome> {
  return db.transaction().execute(async (trx) => {
    const state = await lockReactions(trx, key.drawingId);
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

/**
 * A visible drawing's counts, its row locked until the transaction ends (an update that changes nothing
 * takes PostgreSQL's row lock, and is a plain write in SQLite's one writer): a toggle of the same drawing
 * waits here, so the per-address cap is checked against every row before it. Undefined when it is not visible.
 */
async function lockReactions(trx: Transaction<Database>, drawingId: string) {
  const row = await trx
    .updateTable("drawings")
    .set({ reactions_version: sql`reactions_version` })
    .where("id", "=", drawingId)
    .where("status", "=", "visible")
    .returning(["heart_count", "fire_count", "lol_count", "reactions_version"])
    .executeTakeFirst();
  return row === undefined ? undefined : stateOf(row);
}

/**
 * A reaction of this kind its address gave before reactions belonged to browsers (its reactor is the address
 * itself) becomes this browser's, unless the browser has one already: true when it did.
 */
async function takeOverAddressReaction(trx: Transaction<Database>, key: ReactionKey): Promise<boolean> {
  const own = await trx
    .selectFrom("reactions")
    .select("kind")
    .where("drawing_id", "=", key.drawingId)
    .where("reactor_hash", "=", key.reactorHash)
    .where("kind", "=", key.kind)
    .executeTakeFirst();
  if (own !== undefined) return false;
  const taken = await trx
    .updateTable("reactions")
    .set({ reactor_hash: key.reactorHash })
    .where("drawing_id", "=", key.drawingId)
    .where("reactor_hash", "=", key.addressHash)
    .where("address_hash", "=", key.addressHash)
    .where("kind", "=", key.kind)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) > 0;
}

/** True when this browser already reacted to the drawing, or fewer than `cap` browsers of its address did. */
async function mayCount(trx: Transaction<Database>, key: ReactionKey, cap: number): Promise<boolean> {
  const mine = await trx
    .selectFrom("reactions")
    .select("kind")
    .where("drawing_id", "=", key.drawingId)
    .where("reactor_hash", "=", key.reactorHash)
    .executeTakeFirst();
  if (mine !== undefined) return true;
  const { browsers } = await trx
    .selectFrom("reactions")
    .select((eb) => eb.fn.count<number>("reactor_hash").distinct().as("browsers"))
    .where("drawing_id", "=", key.drawingId)
    .where("address_hash", "=", key.addressHash)
    .executeTakeFirstOrThrow();
  return Number(browsers) < cap;
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
  const row = await visibleDrawing(db, drawingId)
    .select(["heart_count", "fire_count", "lol_count", "reactions_version"])
    .executeTakeFirst();
  return row === undefined ? undefined : stateOf(row);
}

/** The reactions one browser gave each of these drawings (a drawing it gave none is left out). */
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
