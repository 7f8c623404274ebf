/** The reactions a visitor may give a drawing: their own module, so the wire schemas name them without a cycle. */

/** The reactions, in the order they are shown. */
export const REACTION_KINDS = ["heart", "fire", "lol"] as const;

/** One reaction. */
export type ReactionKind = (typeof REACTION_KINDS)[number];
