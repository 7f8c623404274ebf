import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { HttpError } from "../http/errors.ts";
import { findVisibleDrawing, type NewDrawing } from "./queries.ts";

/**
 * The drawing as it is stored: its remixOf is kept only when that drawing is on the wall now, so a remix never
 * names a drawing the public may not see (a hidden original's link is also left out wherever it is shown).
 */
export async function withVisibleOriginal(db: Kysely<Database>, drawing: NewDrawing): Promise<NewDrawing> {
  if (drawing.remixOf === undefined) return drawing;
  const original = await findVisibleDrawing(db, drawing.remixOf);
  return original === undefined ? { ...drawing, remixOf: undefined } : drawing;
}

/** The refusal of a remixOf that is no drawing id (an unknown or hidden drawing's id is simply not kept). */
export function badRemixOf(): HttpError {
  return new HttpError(
    400,
    "bad_remix_of",
    "remixOf is the id of the drawing this one remixes (12 letters, digits, - or _); leave it out for a drawing of your own.",
  );
}

/** The remixOf of an upload: ?remixOf= (any body), or the JSON body's remixOf. */
export function remixOfUpload(query: { remixOf?: string }, body: unknown): string | undefined {
  if (query.remixOf !== undefined) return query.remixOf;
  if (typeof body !== "object" || body === null || !("remixOf" in body)) return undefined;
  return typeof body.remixOf === "string" ? body.remixOf : undefined;
}
