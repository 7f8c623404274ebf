/** Reactions: the three a visitor may give a drawing, and the shapes the page and the server share. */

/** The reactions, in the order they are shown. */
export const REACTION_KINDS = ["heart", "fire", "lol"] as const;

/** One reaction. */
export type ReactionKind = (typeof REACTION_KINDS)[number];

/** How many browsers gave each reaction to one drawing. */
export type ReactionCounts = Readonly<Record<ReactionKind, number>>;

/** No reaction yet: a new drawing's counts. */
export const NO_REACTIONS: ReactionCounts = { heart: 0, fire: 0, lol: 0 };

/** What the reactions are called, to people (buttons' names, the permalink page); each has its icon. */
export const REACTION_NAMES: Readonly<Record<ReactionKind, string>> = {
  heart: "Heart",
  fire: "Fire",
  lol: "Laughing",
};

/** True for a kind the server knows. */
export function isReactionKind(value: unknown): value is ReactionKind {
  return (REACTION_KINDS as readonly unknown[]).includes(value);
}

/**
 * Answer of POST /api/drawings/{id}/reactions, DELETE .../reactions/{kind} and GET .../reactions: the drawing's
 * counts now, their version (it grows with every change, so a page keeps the newest of answers and live events
 * whatever order they arrive in), and the reactions this browser has given it.
 */
export interface ReactionState {
  readonly reactions: ReactionCounts;
  readonly version: number;
  readonly reacted: readonly ReactionKind[];
}

/** One drawing's new counts, as the event stream carries them (`event: reactions`, in ReactionsEvent). */
export interface ReactionChange {
  readonly id: string;
  readonly reactions: ReactionCounts;
  readonly version: number;
}

/** Data of `event: reactions`: counts that changed since the last such event (a burst arrives as one). */
export interface ReactionsEvent {
  readonly changes: readonly ReactionChange[];
}
