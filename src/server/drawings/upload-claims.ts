import type { FastifyReply, FastifyRequest } from "fastify";
import { type Static, Type } from "typebox";
import { type Credit, readCredit } from "../../common/credit.ts";
import { PROMPT_ID_SCHEMA_PATTERN } from "../../common/prompts.ts";
import { HttpError } from "../http/errors.ts";
import { DRAWING_ID } from "../http/validation.ts";
import { visitorIdFor } from "../http/visitor-id.ts";
import { browserHash, type SaltedHasher } from "../moderation/visitor-hash.ts";
import { remixOfUpload } from "./remix-of.ts";
import type { DrawingClaims } from "./save.ts";

/** The schema of a save's `name` (checked by the text rules after the schema) and `prompt`. */
export const NAME_FIELD = Type.String({ description: "name is the name the drawing is signed with" });
export const PROMPT_FIELD = Type.String({
  pattern: PROMPT_ID_SCHEMA_PATTERN,
  description: "prompt is the id of the running prompt the drawing enters (GET /api/prompts)",
});

/** The query string of a save: what it claims besides its picture (the JSON body may carry the same fields). */
export const SaveQuerySchema = Type.Object({
  remixOf: Type.Optional(DRAWING_ID),
  name: Type.Optional(NAME_FIELD),
  prompt: Type.Optional(PROMPT_FIELD),
});

/** The refusal of a `prompt` that is no prompt id (a prompt that is not running is simply not entered). */
export function badPrompt(): HttpError {
  return new HttpError(
    400,
    "bad_prompt",
    "prompt is the id of the running prompt (lower-case letters, digits and hyphens, from GET /api/prompts); leave it out to enter none.",
  );
}

/** A save's name, read by the rules of common/credit.ts; the 400 that says what to change when it breaks one. */
export function creditOfUpload(raw: string | undefined): Credit | undefined {
  if (raw === undefined) return undefined;
  const read = readCredit(raw);
  if (read.kind === "refused") throw new HttpError(400, "bad_name", `${read.problem} Or leave the name out.`);
  return read.kind === "credit" ? read.credit : undefined;
}

/** A field of a JSON body, when the body is an object with that field as text. */
function bodyText(body: unknown, field: string): string | undefined {
  if (typeof body !== "object" || body === null || !(field in body)) return undefined;
  const value = (body as Record<string, unknown>)[field];
  return typeof value === "string" ? value : undefined;
}

/**
 * What a POST /api/drawings claims besides its picture: the drawing it remixes, its name and the prompt it
 * enters (each from the query string, or the JSON body's field of the same name), and the saving browser. A save
 * gives a browser without one its visitor id (the cookie reactions use), so its drawings are "Your drawings".
 */
export async function uploadClaims(
  request: FastifyRequest<{ Querystring: Static<typeof SaveQuerySchema> }>,
  reply: FastifyReply,
  hash: SaltedHasher,
): Promise<DrawingClaims> {
  const { query, body } = request;
  const credit = creditOfUpload(query.name ?? bodyText(body, "name"));
  const promptId = query.prompt ?? bodyText(body, "prompt");
  const saverHash = await browserHash(hash, visitorIdFor(request, reply));
  return { remixOf: remixOfUpload(query, body), credit, promptId, saverHash };
}
