import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { type ActionOutcome, type AdminAction, applyAction } from "./admin-queries.ts";
import type { ModerationEvents } from "./events.ts";

interface Log {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/**
 * Applies a moderator's action and tells the wall when the drawing's visibility changed: it left
 * (hide, delete) or it arrived (approve, restore). A failed announcement is logged; the database is the truth.
 */
export async function moderate(
  db: Kysely<Database>,
  events: ModerationEvents,
  id: string,
  action: AdminAction,
  log: Log,
): Promise<ActionOutcome> {
  const outcome = await applyAction(db, id, action);
  if (outcome.kind !== "changed") return outcome;
  log.info({ drawingId: id, action, from: outcome.from, to: outcome.to }, "moderator action");
  const wasVisible = outcome.from === "visible";
  const isVisible = outcome.to === "visible";
  try {
    if (wasVisible && !isVisible) await events.removed(id);
    if (!wasVisible && isVisible) await events.added(id, outcome.createdAt);
  } catch (error) {
    log.error({ err: error, drawingId: id }, "could not announce a moderator's action to the wall");
  }
  return outcome;
}
