import { type Credit, readCredit } from "../../common/credit.ts";
import type { Store } from "../db/open.ts";
import { HttpError } from "../http/errors.ts";
import { blockName, removeCredit, unblockName } from "./credit-queries.ts";

interface Log {
  info(fields: object, message: string): void;
}

/**
 * Takes the name off one drawing (the drawing stays on the wall) and tells every open wall and page at once.
 * Resolves with the name it had; undefined when it had none (nothing changes, nothing is told).
 */
export async function removeName(store: Store, id: string, log: Log): Promise<string | undefined> {
  const removed = await removeCredit(store.db, id);
  if (removed === undefined) return undefined;
  log.info({ drawingId: id }, "moderator removed a drawing's name");
  await store.events.publish({ type: "credit", id, credit: null });
  return removed;
}

/** The name a moderator typed, read as a signature is; the 400 naming what is wrong otherwise. */
export function moderatedName(raw: string): Credit {
  const read = readCredit(raw);
  if (read.kind === "credit") return read.credit;
  const problem = read.kind === "none" ? "Type the name to block or unblock." : read.problem;
  throw new HttpError(400, "bad_name", problem);
}

/**
 * Blocks a name (every spelling that shares its key): no drawing shows it from now on, its page is gone, and
 * saves signed with it are stored without it. Open walls and pages drop it at once. Resolves with whether the
 * block is new.
 */
export async function blockNamed(store: Store, credit: Credit, log: Log): Promise<boolean> {
  const added = await blockName(store.db, credit, new Date());
  if (!added) return false;
  log.info({ nameKey: credit.key }, "moderator blocked a name");
  await store.events.publish({ type: "name-blocked", key: credit.key });
  return true;
}

/** Lifts a block: the drawings signed with the name show it again from their next load. */
export async function unblockNamed(store: Store, credit: Credit, log: Log): Promise<boolean> {
  const lifted = await unblockName(store.db, credit.key);
  if (lifted) log.info({ nameKey: credit.key }, "moderator unblocked a name");
  return lifted;
}
