/** The reactions' wire shapes: each a JSON Schema the routes answer with and the page checks, and its type. */
import { Type } from "typebox";
import { REACTION_KINDS } from "../reaction-kinds.ts";
import { stringEnum } from "./kit.ts";

/** One reaction kind. */
export const ReactionKindSchema = stringEnum(REACTION_KINDS);

/** How many browsers gave each reaction to one drawing: every kind, each a count. */
export const ReactionCountsSchema = Type.Object(
  {
    heart: Type.Integer({ minimum: 0 }),
    fire: Type.Integer({ minimum: 0 }),
    lol: Type.Integer({ minimum: 0 }),
  },
  { additionalProperties: false },
);

/**
 * Answer of POST /api/drawings/{id}/reactions, DELETE .../reactions/{kind} and GET .../reactions: the drawing's
 * counts now, their version (it grows with every change, so a page keeps the newest of answers and live events
 * whatever order they arrive in), and the reactions this browser has given it.
 */
export const ReactionStateSchema = Type.Object({
  reactions: ReactionCountsSchema,
  version: Type.Integer(),
  reacted: Type.Immutable(Type.Array(ReactionKindSchema)),
});

/** One drawing's new counts, as the event stream carries them (`event: reactions`, in ReactionsEvent). */
export const ReactionChangeSchema = Type.Object({
  id: Type.String(),
  reactions: ReactionCountsSchema,
  version: Type.Integer(),
});

/** Data of `event: reactions`: counts that changed since the last such event (a burst arrives as one). */
export const ReactionsEventSchema = Type.Object({
  changes: Type.Immutable(Type.Array(ReactionChangeSchema)),
});
