import { REACTION_KINDS } from "../../common/reactions.ts";

/** JSON schema of a ReactionCounts object: every kind, each a count. */
export const reactionCountsSchema = {
  type: "object",
  required: [...REACTION_KINDS],
  additionalProperties: false,
  properties: Object.fromEntries(REACTION_KINDS.map((kind) => [kind, { type: "integer", minimum: 0 }])),
} as const;

/** JSON schema of the reactions routes' answer (ReactionState). */
export const reactionStateSchema = {
  type: "object",
  required: ["reactions", "version", "reacted"],
  properties: {
    reactions: reactionCountsSchema,
    version: { type: "integer" },
    reacted: { type: "array", items: { type: "string", enum: [...REACTION_KINDS] } },
  },
} as const;
