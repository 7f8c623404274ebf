import { type PromptInput, readPromptInput } from "../../common/prompt-input.ts";
import type { Prompt } from "../../common/prompts.ts";
import type { Store } from "../db/open.ts";
import { HttpError } from "../http/errors.ts";
import {
  deletePrompt,
  insertPrompt,
  overlappingPrompt,
  settlePrompt,
  updatePrompt,
} from "./prompt-queries.ts";

// The operator's edits of prompts in /admin (the page's forms and the Bearer API alike). Each is told on the bus
// once it is stored: every process's board reads the prompts again (through the PostgreSQL bridge elsewhere),
// and every open page asks for them again.

/** The prompt an input describes, or the 400 naming the field to fix. */
function promptOf(input: PromptInput): Prompt {
  const read = readPromptInput(input);
  if ("problem" in read) throw new HttpError(400, "bad_prompt", read.problem);
  return read.prompt;
}

async function refuseOverlap(store: Store, prompt: Prompt): Promise<void> {
  const other = await overlappingPrompt(store.db, prompt, prompt.id);
  if (other !== undefined) {
    throw new HttpError(
      409,
      "prompts_overlap",
      `This prompt's dates overlap "${other.title}" (${other.id}): one prompt runs at a time; change the dates of one.`,
    );
  }
}

/** Adds a prompt (201 in the API); 409 when its id is taken or its dates overlap another's. */
export async function createPrompt(store: Store, input: PromptInput): Promise<Prompt> {
  const prompt = promptOf(input);
  await refuseOverlap(store, prompt);
  if (!(await insertPrompt(store.db, prompt, "admin"))) {
    throw new HttpError(
      409,
      "prompt_exists",
      `A prompt with the id "${prompt.id}" exists already; give this one an id of its own, or change that one.`,
    );
  }
  await told(store, prompt);
  return prompt;
}

/** Changes a prompt (its id stays); 404 for none, 409 when its new dates overlap another's. */
export async function changePrompt(store: Store, id: string, input: PromptInput): Promise<Prompt> {
  const prompt = promptOf({ ...input, id });
  await refuseOverlap(store, prompt);
  if (!(await updatePrompt(store.db, prompt, "admin"))) throw noSuchPrompt();
  await told(store, prompt);
  return prompt;
}

/** Deletes a prompt; its entries stay on the wall. 404 for none. */
export async function removePrompt(store: Store, id: string): Promise<void> {
  if (!(await deletePrompt(store.db, id))) throw noSuchPrompt();
  await store.events.publish({ type: "prompts" });
}

/**
 * A prompt set with dates already past (a contest entered on paper, an end moved back) is marked at once, before
 * anyone hears of the change: a page that asks for the prompts then gets its winners too.
 */
async function told(store: Store, prompt: Prompt): Promise<void> {
  await settlePrompt(store.db, prompt.id, new Date());
  await store.events.publish({ type: "prompts" });
}

/** The 404 of a prompt id nobody set. */
export function noSuchPrompt(): HttpError {
  return new HttpError(404, "not_found", "No prompt has this id; GET /api/admin/prompts lists them.");
}
