import type { Kysely } from "kysely";
import type { Credit } from "../../common/credit.ts";
import type { Database } from "../db/schema.ts";

/** True when moderators blocked this name (by its key, so every spelling that shares it). */
export async function isBlockedName(db: Kysely<Database>, key: string): Promise<boolean> {
  const row = await db
    .selectFrom("blocked_names")
    .select("name_key")
    .where("name_key", "=", key)
    .executeTakeFirst();
  return row !== undefined;
}

/** Blocks a name (again: nothing changes); resolves with whether it was new. */
export async function blockName(db: Kysely<Database>, credit: Credit, at: Date): Promise<boolean> {
  const inserted = await db
    .insertInto("blocked_names")
    .values({ name_key: credit.key, name: credit.name, blocked_at: at.toISOString() })
    .onConflict((conflict) => conflict.column("name_key").doNothing())
    .returning("name_key")
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Lifts a block; resolves with whether there was one. */
export async function unblockName(db: Kysely<Database>, key: string): Promise<boolean> {
  const result = await db.deleteFrom("blocked_names").where("name_key", "=", key).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** A blocked name as the admin lists it. */
export interface BlockedName {
  readonly key: string;
  readonly name: string;
  readonly blockedAt: string;
}

/** The blocked names, newest block first (at most `limit`). */
export async function listBlockedNames(db: Kysely<Database>, limit: number): Promise<BlockedName[]> {
  const rows = await db
    .selectFrom("blocked_names")
    .selectAll()
    .orderBy("blocked_at", "desc")
    .orderBy("name_key")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    key: row.name_key,
    name: row.name,
    blockedAt: new Date(row.blocked_at).toISOString(),
  }));
}

/**
 * Takes the name off one drawing (the drawing stays); resolves with the name it had, or undefined when it had
 * none (or no such drawing exists). One conditional update, so two moderators at once remove it once.
 */
export async function removeCredit(db: Kysely<Database>, id: string): Promise<string | undefined> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const row = await db.selectFrom("drawings").select("credit_name").where("id", "=", id).executeTakeFirst();
    if (row?.credit_name === null || row === undefined) return undefined;
    const result = await db
      .updateTable("drawings")
      .set({ credit_name: null, credit_key: null })
      .where("id", "=", id)
      .where("credit_name", "=", row.credit_name)
      .executeTakeFirst();
    if (result.numUpdatedRows > 0n) return row.credit_name;
  }
  return undefined;
}
