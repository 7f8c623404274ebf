import { type Kysely, sql, type Transaction } from "kysely";
import type { RoomEntriesTable } from "../db/room-schema.ts";
import type { Database } from "../db/schema.ts";

// A room's log in the store: entries appended under the room row's lock, so their seqs follow each other
// without gaps in every process; an entry sent again (same author, same op id) is found, not added twice.

/** An entry on its way into the log (a StoredEntry without its seq). */
export interface NewEntry {
  readonly author: number;
  /** The author's op id; undefined for what the server made. */
  readonly opId: number | undefined;
  readonly kind: string;
  readonly target?: number;
  /** An op's one-operation document. */
  readonly body?: Uint8Array;
  /** Whether its author holds the host's secret: only the host draws while the room is locked. */
  readonly host: boolean;
}

/** An entry as the log keeps it. */
export type StoredEntry = Omit<RoomEntriesTable, "room_id">;

/** What became of an entry: added to the log, held by it already, or refused as the room is locked. */
export type EntryFate = "added" | "duplicate" | "locked";

/** What an append did: each entry's fate (in the order given), and the entries it added, in seq order. */
export interface AppendOutcome {
  readonly fates: EntryFate[];
  readonly added: StoredEntry[];
  /** The room has ended (or was never there): nothing was added. */
  readonly ended: boolean;
}

const DRAWS = new Set(["op", "undo", "redo"]);

/**
 * Appends entries to the room's log in one transaction, in their order. `notify` runs inside it, after the
 * inserts, with the last seq (PostgreSQL's NOTIFY is sent at the commit, so the others hear only what is there).
 */
export async function appendEntries(
  db: Kysely<Database>,
  roomId: string,
  entries: readonly NewEntry[],
  now: Date,
  notify?: (trx: Transaction<Database>, lastSeq: number) => Promise<void>,
): Promise<AppendOutcome> {
  return db.transaction().execute(async (trx) => {
    // An update that changes nothing takes PostgreSQL's row lock (SQLite has one writer): appends take turns.
    const room = await trx
      .updateTable("rooms")
      .set({ last_seq: sql`last_seq` })
      .where("id", "=", roomId)
      .where("ended_at", "is", null)
      .returning(["last_seq", "locked"])
      .executeTakeFirst();
    if (room === undefined) return { fates: [], added: [], ended: true };
    const held = await heldOpIds(trx, roomId, entries);
    const added: StoredEntry[] = [];
    const fates: EntryFate[] = [];
    let locked = room.locked === 1;
    let seq = Number(room.last_seq);
    for (const entry of entries) {
      const key = entry.opId === undefined ? undefined : `${entry.author}:${entry.opId}`;
      if (key !== undefined && held.has(key)) {
        fates.push("duplicate");
        continue;
      }
      if (locked && !entry.host && DRAWS.has(entry.kind)) {
        fates.push("locked");
        continue;
      }
      fates.push("added");
      if (entry.kind === "lock" || entry.kind === "unlock") locked = entry.kind === "lock";
      if (key !== undefined) held.add(key);
      seq += 1;
      added.push({
        seq,
        author: entry.author,
        op_id: entry.opId === undefined ? null : String(entry.opId),
        kind: entry.kind,
        target: entry.target ?? null,
        body: entry.body ?? null,
      });
    }
    if (added.length === 0) return { fates, added, ended: false };
    // Bounded by the caller (a submit frame holds at most 64 entries, a batch at most 256).
    await trx
      .insertInto("room_entries")
      .values(added.map((entry) => ({ room_id: roomId, ...entry })))
      .execute();
    await trx
      .updateTable("rooms")
      .set({ last_seq: seq, locked: locked ? 1 : 0, last_active_at: now.toISOString() })
      .where("id", "=", roomId)
      .execute();
    await notify?.(trx, seq);
    return { fates, added, ended: false };
  });
}

/** "author:opId" of the entries among `entries` that the log holds already. */
async function heldOpIds(
  trx: Transaction<Database>,
  roomId: string,
  entries: readonly NewEntry[],
): Promise<Set<string>> {
  const opIds = [
    ...new Set(entries.flatMap((entry) => (entry.opId === undefined ? [] : [String(entry.opId)]))),
  ];
  if (opIds.length === 0) return new Set();
  const rows = await trx
    .selectFrom("room_entries")
    .select(["author", "op_id"])
    .where("room_id", "=", roomId)
    .where("op_id", "in", opIds)
    .execute();
  return new Set(rows.map((row) => `${row.author}:${row.op_id}`));
}

/** The log's entries after `seq`, in order, at most `limit` of them. */
export async function entriesAfter(
  db: Kysely<Database>,
  roomId: string,
  seq: number,
  limit: number,
): Promise<StoredEntry[]> {
  const rows = await db
    .selectFrom("room_entries")
    .select(["seq", "author", "op_id", "kind", "target", "body"])
    .where("room_id", "=", roomId)
    .where("seq", ">", seq)
    .orderBy("seq")
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, seq: Number(row.seq), author: Number(row.author) }));
}

/** Keeps the log folded up to `seq` (an older fold never replaces a newer one). */
export async function saveSnapshot(db: Kysely<Database>, roomId: string, seq: number, snapshot: Uint8Array) {
  await db
    .updateTable("rooms")
    .set({ snapshot, snapshot_seq: seq })
    .where("id", "=", roomId)
    .where("snapshot_seq", "<", seq)
    .execute();
}

/**
 * Passing frames for the other processes, named by `id`, and the NOTIFY that tells them (`payload` on
 * `channel`), as one statement: one round trip, where a transaction of its own took five, each a wait for the
 * database's turn on a busy machine. The statement is its own transaction, so the signal is sent once the row
 * can be read; what passes is gone in seconds, so no visitor waits for it to reach the disk.
 */
export async function insertLiveFrames(
  db: Kysely<Database>,
  id: string,
  frames: Uint8Array,
  now: Date,
  signal: { readonly channel: string; readonly payload: string },
): Promise<void> {
  await sql`with written as (
      insert into room_live (id, frames, created_at) values (${id}, ${frames}, ${now.toISOString()}) returning id
    )
    select set_config('synchronous_commit', 'off', true), pg_notify(${signal.channel}, ${signal.payload})
    from written`.execute(db);
}

/** The frames another process passed under `id`; undefined once they were deleted. */
export async function readLiveFrames(db: Kysely<Database>, id: string): Promise<Uint8Array | undefined> {
  const row = await db.selectFrom("room_live").select("frames").where("id", "=", id).executeTakeFirst();
  return row?.frames;
}

/** Deletes passing frames older than `before`. */
export async function pruneLiveFrames(db: Kysely<Database>, before: Date): Promise<void> {
  await db.deleteFrom("room_live").where("created_at", "<", before.toISOString()).execute();
}
