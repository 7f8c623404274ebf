/** The prompts' wire shapes: JSON Schemas GET /api/prompts answers with and the wall checks, and their types. */
import { Type } from "typebox";
import { nullable, stringEnum } from "./kit.ts";

/** A prompt as the wall's tabs show it, with its winners once it ended. */
export const PromptSummarySchema = Type.Object({
  id: Type.String(),
  title: Type.String(),
  hashtag: nullable(Type.String()),
  startsAt: Type.String(),
  endsAt: Type.String(),
  /** "running" or "ended" (an upcoming prompt is not listed). */
  phase: stringEnum(["running", "ended"]),
  /** "30 Nov": its last day, in its own time zone. */
  lastDay: Type.String(),
  /** Its top three's ids, first place first, once it ended (and while they are on the wall). */
  winners: Type.Immutable(Type.Array(Type.String())),
});

/** GET /api/prompts: every current and past prompt (upcoming ones are not shown), the latest first. */
export const PromptsAnswerSchema = Type.Object({ prompts: Type.Immutable(Type.Array(PromptSummarySchema)) });
