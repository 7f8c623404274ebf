import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

// A room's picture in the store (room-picture-keeper.ts says which one it is and when it still holds).

/** A room's picture as the store keeps it. */
export interface StoredPicture {
  readonly seq: number;
  readonly painted: number;
  readonly shows: string;
  readonly png: Uint8Array;
}

/** Keeps `picture` as the room's, unless the store holds one of a later seq already (another process's). */
export async function storePicture(
  db: Kysely<Database>,
  roomId: string,
  picture: StoredPicture,
  now: Date,
): Promise<void> {
  const row = { ...picture, stored_at: now.toISOString() };
  await db
    .insertInto("room_pictures")
    .values({ room_id: roomId, ...row })
    .onConflict((conflict) =>
      conflict.column("room_id").doUpdateSet(row).where("room_pictures.seq", "<", picture.seq),
    )
    .execute();
}

/** The seq of the room's stored picture (0: none), without its bytes. */
export async function storedPictureSeq(db: Kysely<Database>, roomId: string): Promise<number> {
  const row = await db
    .selectFrom("room_pictures")
    .select("seq")
    .where("room_id", "=", roomId)
    .executeTakeFirst();
  return row === undefined ? 0 : Number(row.seq);
}

/** The room's stored picture, if it has one. */
export async function storedPicture(
  db: Kysely<Database>,
  roomId: string,
): Promise<StoredPicture | undefined> {
  const row = await db
    .selectFrom("room_pictures")
    .select(["seq", "painted", "shows", "png"])
    .where("room_id", "=", roomId)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  return { seq: Number(row.seq), painted: Number(row.painted), shows: row.shows, png: row.png };
}
