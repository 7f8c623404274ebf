import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { isoTime } from "../db/values.ts";

/** Records a new session until `expiresAt`, clearing sessions that have expired on the way. */
export async function recordSession(
  db: Kysely<Database>,
  idHash: string,
  expiresAt: Date,
  now: Date,
): Promise<void> {
  await db.deleteFrom("admin_sessions").where("expires_at", "<=", now.toISOString()).execute();
  await db
    .insertInto("admin_sessions")
    .values({ id_hash: idHash, expires_at: expiresAt.toISOString() })
    .execute();
}

/** When the session ends, in milliseconds since the epoch; undefined when it was never made or signed out. */
export async function sessionExpiry(db: Kysely<Database>, idHash: string): Promise<number | undefined> {
  const row = await db
    .selectFrom("admin_sessions")
    .select("expires_at")
    .where("id_hash", "=", idHash)
    .executeTakeFirst();
  return row === undefined ? undefined : Date.parse(isoTime(row.expires_at));
}

/** Ends a session for good (signing out): its cookie is worth nothing from now on, in every process. */
export async function forgetSession(db: Kysely<Database>, idHash: string): Promise<void> {
  await db.deleteFrom("admin_sessions").where("id_hash", "=", idHash).execute();
}
