import type { Kysely } from "kysely";
import type { Store } from "../db/open.ts";
import type { Database } from "../db/schema.ts";

/** Where the one line about an unreadable drawing goes (the worker's or a request's logger). */
interface Log {
  error(fields: object, message: string): void;
}

/**
 * Takes a stored drawing our own decoder cannot read off the wall and into the moderators' hidden list, with
 * one log line and no stack trace. Nothing else can be done with it (no thumbnail, no re-encode that would strip
 * what rides in its chunks), and serving its bytes or answering 500 on every request for it helps no one.
 * A drawing already off the wall (hidden, deleted) is left alone and logs nothing, so asking again is quiet.
 * Its leaving the wall is said on the store's event bus (the wall's streams and the image cache listen).
 */
export async function holdUndecodable(store: Store, id: string, failure: unknown, log: Log): Promise<void> {
  const wasVisible = await hideIfStatus(store.db, id, "visible");
  if (!wasVisible && !(await hideIfStatus(store.db, id, "pending"))) return;
  const reason = (failure instanceof Error ? failure.message : String(failure)).split("\n")[0];
  log.error(
    { drawing: id, reason },
    "a stored drawing cannot be decoded; hidden until a moderator reviews it",
  );
  if (wasVisible) await store.events.publish({ type: "removed", id });
}

/** Hides the drawing if its status is `from`; true when this call hid it. */
async function hideIfStatus(db: Kysely<Database>, id: string, from: "visible" | "pending"): Promise<boolean> {
  const result = await db
    .updateTable("drawings")
    .set({ status: "hidden" })
    .where("id", "=", id)
    .where("status", "=", from)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
