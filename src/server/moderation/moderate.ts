import type { Store } from "../db/open.ts";
import { wallRows } from "../wall/wall-queries.ts";
import { type ActionOutcome, type AdminAction, applyAction } from "./admin-queries.ts";

interface Log {
  info(fields: object, message: string): void;
}

/**
 * Applies a moderator's action and, when the drawing's visibility changed, says so on the store's event bus
 * before answering: it left the wall (hide, delete) or arrived on it (approve, restore). The image cache and
 * the wall's streams listen there.
 */
export async function moderate(
  store: Store,
  id: string,
  action: AdminAction,
  log: Log,
): Promise<ActionOutcome> {
  const outcome = await applyAction(store.db, id, action);
  if (outcome.kind !== "changed") return outcome;
  log.info({ drawingId: id, action, from: outcome.from, to: outcome.to }, "moderator action");
  const wasVisible = outcome.from === "visible";
  const isVisible = outcome.to === "visible";
  if (wasVisible && !isVisible) await store.events.publish({ type: "removed", id });
  if (!wasVisible && isVisible) {
    // Back on the wall with what its card had: its reactions, and its link when the original is visible.
    const [card] = await wallRows(store.db, [id]);
    await store.events.publish({ type: "shown", drawing: card ?? { id, createdAt: outcome.createdAt } });
  }
  return outcome;
}
