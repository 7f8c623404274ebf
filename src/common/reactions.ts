/** Reactions: the three a visitor may give a drawing, and the types of their shapes (declared in wire/reactions.ts). */
import type { Static } from "typebox";
import { REACTION_KINDS, type ReactionKind } from "./reaction-kinds.ts";
import type { ReactionChangeSchema, ReactionStateSchema, ReactionsEventSchema } from "./wire/reactions.ts";

export { REACTION_KINDS, type ReactionKind };

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

/** Answer of the reactions routes: the drawing's counts, their version and this browser's reactions. */
export type ReactionState = Static<typeof ReactionStateSchema>;

/** One drawing's new counts, as the event stream carries them (`event: reactions`, in ReactionsEvent). */
export type ReactionChange = Static<typeof ReactionChangeSchema>;

/** Data of `event: reactions`: counts that changed since the last such event (a burst arrives as one). */
export type ReactionsEvent = Static<typeof ReactionsEventSchema>;
