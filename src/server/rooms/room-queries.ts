import { type Kysely, sql } from "kysely";
import type { RoomRow } from "../../common/admin-pages.ts";
import type { StartingPicture } from "../../common/drawing-document/types.ts";
import type { Database } from "../db/schema.ts";
import { asCount, isoTime } from "../db/values.ts";

// Rooms, their people and their bans in the store.

/** A room as the server opens it. */
export interface StoredRoom {
  readonly id: string;
  readonly hostHash: string;
  readonly start: StartingPicture;
  readonly createdAt: string;
  readonly endedAt: string | undefined;
  readonly lastSeq: number;
  readonly snapshot: Uint8Array | undefined;
  readonly snapshotSeq: number;
}

/** Stores a new room. */
export async function insertRoom(
  db: Kysely<Database>,
  room: { id: string; hostHash: string; start: StartingPicture },
  now: Date,
): Promise<void> {
  await db
    .insertInto("rooms")
    .values({
      id: room.id,
      host_hash: room.hostHash,
      start_kind: room.start.kind,
      start_drawing: room.start.kind === "drawing" ? room.start.id : null,
      created_at: now.toISOString(),
      last_active_at: now.toISOString(),
    })
    .execute();
}

/** The room (its snapshot too when `withSnapshot`); undefined when there is none with this id. */
export async function findRoom(
  db: Kysely<Database>,
  id: string,
  withSnapshot = false,
): Promise<StoredRoom | undefined> {
  const row = await db
    .selectFrom("rooms")
    .select([
      "id",
      "host_hash",
      "start_kind",
      "start_drawing",
      "created_at",
      "ended_at",
      "last_seq",
      "snapshot_seq",
    ])
    .$if(withSnapshot, (query) => query.select("snapshot"))
    .where("id", "=", id)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  const start: StartingPicture =
    row.start_kind === "drawing" && row.start_drawing !== null
      ? { kind: "drawing", id: row.start_drawing }
      : { kind: row.start_kind === "white" ? "white" : "mascot" };
  return {
    id: row.id,
    hostHash: row.host_hash,
    start,
    createdAt: isoTime(row.created_at),
    endedAt: row.ended_at === null ? undefined : isoTime(row.ended_at),
    lastSeq: Number(row.last_seq),
    snapshot: "snapshot" in row && row.snapshot !== null ? (row.snapshot as Uint8Array) : undefined,
    snapshotSeq: Number(row.snapshot_seq),
  };
}

/** A browser's place in a room: the slot it had, or the next free one (undefined when all 1,024 are taken). */
export async function seatPerson(
  db: Kysely<Database>,
  roomId: string,
  visitorHash: string,
  name: string,
  maxSlots: number,
): Promise<{ slot: number; name: string } | undefined> {
  return db.transaction().execute(async (trx) => {
    await trx.updateTable("rooms").set({ last_seq: sql`last_seq` }).where("id", "=", roomId).execute();
    const known = await trx
      .selectFrom("room_people")
      .select(["slot", "name"])
      .where("room_id", "=", roomId)
      .where("visitor_hash", "=", visitorHash)
      .executeTakeFirst();
    if (known !== undefined) return { slot: Number(known.slot), name: known.name };
    const { next } = await trx
      .selectFrom("room_people")
      .select(sql<number>`coalesce(max(slot) + 1, 0)`.as("next"))
      .where("room_id", "=", roomId)
      .executeTakeFirstOrThrow();
    const slot = Number(next);
    if (slot >= maxSlots) return undefined;
    await trx
      .insertInto("room_people")
      .values({ room_id: roomId, slot, visitor_hash: visitorHash, name })
      .execute();
    return { slot, name };
  });
}

/** Keeps the name a person chose in the room. */
export async function renamePerson(db: Kysely<Database>, roomId: string, slot: number, name: string) {
  await db
    .updateTable("room_people")
    .set({ name })
    .where("room_id", "=", roomId)
    .where("slot", "=", slot)
    .execute();
}

/** The browser (its hash) that holds a slot of the room. */
export async function visitorOfSlot(db: Kysely<Database>, roomId: string, slot: number) {
  const row = await db
    .selectFrom("room_people")
    .select("visitor_hash")
    .where("room_id", "=", roomId)
    .where("slot", "=", slot)
    .executeTakeFirst();
  return row?.visitor_hash;
}

/** Bars a browser from a room: for good (until undefined: a ban) or until a time (a kick). */
export async function barVisitor(db: Kysely<Database>, roomId: string, visitorHash: string, until?: Date) {
  const value = until === undefined ? null : until.toISOString();
  await db
    .insertInto("room_bans")
    .values({ room_id: roomId, visitor_hash: visitorHash, until: value })
    .onConflict((conflict) => conflict.columns(["room_id", "visitor_hash"]).doUpdateSet({ until: value }))
    .execute();
}

/** Whether the browser is barred from the room now: "banned", "kicked" (for a while), or undefined. */
export async function barOf(db: Kysely<Database>, roomId: string, visitorHash: string, now: Date) {
  const row = await db
    .selectFrom("room_bans")
    .select("until")
    .where("room_id", "=", roomId)
    .where("visitor_hash", "=", visitorHash)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  if (row.until === null) return "banned" as const;
  return new Date(isoTime(row.until)) > now ? ("kicked" as const) : undefined;
}

/** Ends an open room: its log and snapshot are dropped; true when this call ended it. */
export async function endRoom(db: Kysely<Database>, id: string, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const ended = await trx
      .updateTable("rooms")
      .set({ ended_at: now.toISOString(), snapshot: null })
      .where("id", "=", id)
      .where("ended_at", "is", null)
      .executeTakeFirst();
    if (Number(ended.numUpdatedRows) === 0) return false;
    await trx.deleteFrom("room_entries").where("room_id", "=", id).execute();
    return true;
  });
}

/** Deletes the rooms nobody added to since `before` (their entries, people and bans go with them). */
export async function deleteIdleRooms(db: Kysely<Database>, before: Date): Promise<string[]> {
  const rows = await db
    .deleteFrom("rooms")
    .where("last_active_at", "<", before.toISOString())
    .returning("id")
    .execute();
  return rows.map((row) => row.id);
}

/** A room as the admin list shows it, before this process counts who it sees in it. */
export type AdminRoom = Omit<RoomRow, "here">;

/** The rooms, the most recently active first. */
export async function listRooms(db: Kysely<Database>, limit: number): Promise<AdminRoom[]> {
  const rows = await db
    .selectFrom("rooms")
    .select(["id", "created_at", "last_active_at", "ended_at", "last_seq"])
    .select((eb) =>
      eb
        .selectFrom("room_people")
        .select(eb.fn.countAll<string | number>().as("n"))
        .whereRef("room_people.room_id", "=", "rooms.id")
        .as("people"),
    )
    .orderBy("last_active_at", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    createdAt: isoTime(row.created_at),
    lastActiveAt: isoTime(row.last_active_at),
    endedAt: row.ended_at === null ? null : isoTime(row.ended_at),
    entries: Number(row.last_seq),
    people: asCount(row.people ?? 0),
  }));
}
