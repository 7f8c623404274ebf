import type { Kysely } from "kysely";
import type { Prompt } from "../../common/prompts.ts";
import type { Database } from "../db/schema.ts";
import { insertPrompt, listPrompts, updatePrompt } from "./prompt-queries.ts";

/**
 * Puts the branding file's prompts in the store at start, so every process and /admin see one list: each is
 * added, or updated when it is there already (the file is the truth for the prompts it names). A prompt set in
 * the file before and taken out of it since is deleted only while nothing was entered in it; one with entries
 * stays, as its tab and its winners are the community's history (a moderator may delete it in /admin).
 */
export async function syncBrandingPrompts(db: Kysely<Database>, prompts: readonly Prompt[]): Promise<void> {
  const named = new Set(prompts.map((prompt) => prompt.id));
  for (const prompt of prompts) {
    if (!(await insertPrompt(db, prompt, "branding"))) await updatePrompt(db, prompt, "branding");
  }
  const dropped = (await listPrompts(db)).filter(
    (prompt) => prompt.source === "branding" && !named.has(prompt.id),
  );
  for (const prompt of dropped) {
    const entry = await db
      .selectFrom("drawings")
      .select("id")
      .where("prompt_id", "=", prompt.id)
      .limit(1)
      .executeTakeFirst();
    if (entry === undefined) await db.deleteFrom("prompts").where("id", "=", prompt.id).execute();
  }
}
