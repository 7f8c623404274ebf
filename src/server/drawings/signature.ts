import type { Kysely } from "kysely";
import { isBlockedName } from "../credit/credit-queries.ts";
import type { Database } from "../db/schema.ts";
import { promptRunningAt } from "../prompts/prompt-queries.ts";
import type { NewDrawing } from "./queries.ts";

/**
 * What a save claims besides its picture, as it is stored: its name unless moderators blocked it, and its entry
 * into a prompt only while that prompt runs (a save queued offline past a prompt's end is stored, not entered).
 * Each costs one primary-key read, and only when the save makes the claim.
 */
export async function withSignature(db: Kysely<Database>, drawing: NewDrawing): Promise<NewDrawing> {
  const { credit, promptId } = drawing;
  const [blocked, running] = await Promise.all([
    credit === undefined ? false : isBlockedName(db, credit.key),
    promptId === undefined ? false : promptRunningAt(db, promptId, drawing.createdAt),
  ]);
  if (!blocked && (promptId === undefined || running)) return drawing;
  return {
    ...drawing,
    credit: blocked ? undefined : credit,
    promptId: running ? promptId : undefined,
  };
}
