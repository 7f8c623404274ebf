import type { Kysely, Selectable } from "kysely";
import type { Prompt } from "../../common/prompts.ts";
import type { Database, PromptSource, PromptsTable } from "../db/schema.ts";
import { isoTime } from "../db/values.ts";

/** A prompt as the store keeps it: what the API shows, where it was set, and whether its top three are marked. */
export interface StoredPrompt extends Prompt {
  readonly source: PromptSource;
  readonly settled: boolean;
}

/** True when the prompt exists and runs at `at` (its start included, its end not). */
export async function promptRunningAt(db: Kysely<Database>, id: string, at: Date): Promise<boolean> {
  const instant = at.toISOString();
  const row = await db
    .selectFrom("prompts")
    .select("id")
    .where("id", "=", id)
    .where("starts_at", "<=", instant)
    .where("ends_at", ">", instant)
    .executeTakeFirst();
  return row !== undefined;
}

/** One prompt; undefined when there is none with this id. */
export async function findPrompt(db: Kysely<Database>, id: string): Promise<StoredPrompt | undefined> {
  const row = await db.selectFrom("prompts").selectAll().where("id", "=", id).executeTakeFirst();
  return row === undefined ? undefined : storedPrompt(row);
}

/** Every prompt, the latest start first (a handful a month: the table is read whole). */
export async function listPrompts(db: Kysely<Database>): Promise<StoredPrompt[]> {
  const rows = await db
    .selectFrom("prompts")
    .selectAll()
    .orderBy("starts_at", "desc")
    .orderBy("id")
    .execute();
  return rows.map(storedPrompt);
}

function storedPrompt(row: Selectable<PromptsTable>): StoredPrompt {
  return {
    id: row.id,
    title: row.title,
    hashtag: row.hashtag,
    startsAt: isoTime(row.starts_at),
    endsAt: isoTime(row.ends_at),
    timeZone: row.time_zone,
    source: row.source,
    settled: row.settled_at !== null,
  };
}

/** A prompt other than `exceptId` whose time overlaps [startsAt, endsAt), if any: one prompt runs at a time. */
export async function overlappingPrompt(
  db: Kysely<Database>,
  prompt: Pick<Prompt, "startsAt" | "endsAt">,
  exceptId: string,
): Promise<{ id: string; title: string } | undefined> {
  return db
    .selectFrom("prompts")
    .select(["id", "title"])
    .where("starts_at", "<", prompt.endsAt)
    .where("ends_at", ">", prompt.startsAt)
    .where("id", "!=", exceptId)
    .executeTakeFirst();
}

/** Stores a new prompt; false when its id is taken. */
export async function insertPrompt(
  db: Kysely<Database>,
  prompt: Prompt,
  source: PromptSource,
): Promise<boolean> {
  const inserted = await db
    .insertInto("prompts")
    .values({ ...columnsOf(prompt), id: prompt.id, source })
    .onConflict((conflict) => conflict.column("id").doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted !== undefined;
}

/**
 * Changes a prompt's title, hashtag and dates; false when there is no such prompt. A prompt whose end moves is
 * no longer settled: its marks are taken off, and its top three are marked again when it ends.
 */
export async function updatePrompt(
  db: Kysely<Database>,
  prompt: Prompt,
  source: PromptSource,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom("prompts")
      .select("ends_at")
      .where("id", "=", prompt.id)
      .executeTakeFirst();
    if (before === undefined) return false;
    const endMoved = isoTime(before.ends_at) !== prompt.endsAt;
    await trx
      .updateTable("prompts")
      .set({ ...columnsOf(prompt), source, ...(endMoved ? { settled_at: null } : {}) })
      .where("id", "=", prompt.id)
      .execute();
    if (endMoved) await unmarkPlaces(trx, prompt.id);
    return true;
  });
}

/** Deletes a prompt; its entries stay on the wall, entered in nothing. False when there was none. */
export async function deletePrompt(db: Kysely<Database>, id: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // prompt_id has no foreign key (a column with one could not be dropped again on SQLite): let go by hand.
    await trx
      .updateTable("drawings")
      .set({ prompt_id: null, prompt_place: null })
      .where("prompt_id", "=", id)
      .execute();
    const result = await trx.deleteFrom("prompts").where("id", "=", id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  });
}

/**
 * Marks the top three of an ended prompt once: its visible entries with the most reactions (at least one), ties
 * going as the prompt's Top lists them (newer first, then by id), get places 1, 2 and 3. The prompt's row is
 * claimed first in the transaction, so when several processes reach the end at once, one marks and the others
 * wait for its commit and find the prompt settled. Resolves with whether this call marked them.
 */
export async function settlePrompt(db: Kysely<Database>, id: string, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable("prompts")
      .set({ settled_at: now.toISOString() })
      .where("id", "=", id)
      .where("settled_at", "is", null)
      .where("ends_at", "<=", now.toISOString())
      .executeTakeFirst();
    if (claimed.numUpdatedRows === 0n) return false;
    const top = await trx
      .selectFrom("drawings")
      .select("id")
      .where("prompt_id", "=", id)
      .where("status", "=", "visible")
      .where("reaction_count", ">", 0)
      .orderBy("reaction_count", "desc")
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(3)
      .execute();
    for (const [index, row] of top.entries()) {
      await trx
        .updateTable("drawings")
        .set({ prompt_place: index + 1 })
        .where("id", "=", row.id)
        .execute();
    }
    return true;
  });
}

/** The ended prompts' visible winners, by prompt: their ids in place order. */
export async function promptWinners(db: Kysely<Database>): Promise<Map<string, string[]>> {
  const rows = await db
    .selectFrom("drawings")
    .select(["id", "prompt_id", "prompt_place"])
    .where("prompt_place", "is not", null)
    .where("status", "=", "visible")
    .orderBy("prompt_place")
    .execute();
  const winners = new Map<string, string[]>();
  for (const row of rows) {
    if (row.prompt_id === null) continue;
    winners.set(row.prompt_id, [...(winners.get(row.prompt_id) ?? []), row.id]);
  }
  return winners;
}

async function unmarkPlaces(db: Kysely<Database>, id: string): Promise<void> {
  await db
    .updateTable("drawings")
    .set({ prompt_place: null })
    .where("prompt_id", "=", id)
    .where("prompt_place", "is not", null)
    .execute();
}

function columnsOf(prompt: Prompt) {
  return {
    title: prompt.title,
    hashtag: prompt.hashtag,
    starts_at: prompt.startsAt,
    ends_at: prompt.endsAt,
    time_zone: prompt.timeZone,
  };
}
