import type { ReactionFailure } from "./react-drawing.ts";

/** What a failed toggle tells the visitor, on the wall and on a drawing's page alike. */
export const REACTION_FAILED: Readonly<Record<ReactionFailure, string>> = {
  "rate-limited": "Too many reactions just now — try again in a minute.",
  "network-full":
    "Enough people on your network have reacted to this drawing already — yours can't be counted.",
  failed: "Couldn't react — try again.",
};
