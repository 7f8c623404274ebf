/** Giving and taking back a reaction, and reading the counts the event stream carries. */
import { DRAWINGS_PATH } from "../../common/api.ts";
import type { ReactionChange, ReactionKind, ReactionState } from "../../common/reactions.ts";
import { isApiError, isReactionState, isReactionsEvent } from "../wall/wall-checks.ts";

/**
 * Why a toggle did not go through: too many reactions from this network just now, as many browsers of this
 * network as the drawing counts have reacted to it, or anything else.
 */
export type ReactionFailure = "rate-limited" | "network-full" | "failed";

/** The server's code for a drawing that counts no more browsers of this network. */
const NETWORK_FULL = "address_reactions_full";

/**
 * POSTs (give) or DELETEs (take back) one reaction; resolves the drawing's counts as the server now has them,
 * or the reason it failed. Never rejects.
 */
export async function toggleReaction(
  id: string,
  kind: ReactionKind,
  give: boolean,
): Promise<ReactionState | ReactionFailure> {
  const path = `${DRAWINGS_PATH}/${encodeURIComponent(id)}/reactions`;
  try {
    const response = await fetch(give ? path : `${path}/${kind}`, {
      method: give ? "POST" : "DELETE",
      // JSON, never a bodiless post: the server takes reactions only with a type no other site can send unasked.
      headers: { Accept: "application/json", "Content-Type": "application/json" },
      ...(give ? { body: JSON.stringify({ kind }) } : {}),
      cache: "no-store",
    });
    if (response.status === 429) return "rate-limited";
    if (response.status === 403 && (await errorCode(response)) === NETWORK_FULL) return "network-full";
    if (!response.ok) return "failed";
    const state: unknown = await response.json();
    return isReactionState(state) ? state : "failed";
  } catch {
    return "failed";
  }
}

async function errorCode(response: Response): Promise<string | undefined> {
  const body: unknown = await response.json().catch(() => null);
  return isApiError(body) ? body.code : undefined;
}

/** The changes of an `event: reactions` message; one that is not a ReactionsEvent is none. */
export function parseReactionChanges(value: unknown): readonly ReactionChange[] {
  return isReactionsEvent(value) ? value.changes : [];
}

/** The drawing's counts and this visitor's own reactions as the server has them now; undefined when unread. */
export async function readReactions(id: string): Promise<ReactionState | undefined> {
  try {
    const response = await fetch(`${DRAWINGS_PATH}/${encodeURIComponent(id)}/reactions`, {
      headers: { Accept: "application/json" },
      cache: "no-store",
    });
    if (!response.ok) return undefined;
    const state: unknown = await response.json();
    return isReactionState(state) ? state : undefined;
  } catch {
    return undefined;
  }
}
