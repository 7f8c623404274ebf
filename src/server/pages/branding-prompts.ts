import type { BrandingPrompt } from "../../common/config.ts";
import { readPromptInput } from "../../common/prompt-input.ts";
import type { Prompt } from "../../common/prompts.ts";

/** The branding file's `prompts`, as prompts; the file was checked at start (promptsProblem), so none fails. */
export function brandingPrompts(prompts: readonly BrandingPrompt[] | undefined): Prompt[] {
  return (prompts ?? []).flatMap((input) => {
    const read = readPromptInput(input);
    return "prompt" in read ? [read.prompt] : [];
  });
}

const FIELDS = new Set(["id", "title", "hashtag", "starts", "ends", "timeZone"]);

/**
 * What is wrong with a `prompts` value, naming the entry (`prompts[1]: "ends" must ...`), or undefined when it is
 * a list of prompts that each read well and never overlap (one prompt runs at a time) with distinct ids.
 */
export function promptsProblem(value: unknown): string | undefined {
  if (!Array.isArray(value)) return `"prompts" must be a list of { "title", "starts", "ends" } objects`;
  const read: Prompt[] = [];
  for (const [index, entry] of value.entries()) {
    const at = `"prompts[${index}]"`;
    if (typeof entry !== "object" || entry === null || Array.isArray(entry)) {
      return `${at} must be an object with "title", "starts" and "ends"`;
    }
    const extra = Object.keys(entry).find((key) => !FIELDS.has(key));
    if (extra !== undefined) return `${at}.${extra} is not a known field (${[...FIELDS].join(", ")})`;
    const fields = entry as Record<string, unknown>;
    const wrong = [...FIELDS].find((key) => fields[key] !== undefined && typeof fields[key] !== "string");
    if (wrong !== undefined) return `${at}.${wrong} must be text`;
    if (
      typeof fields.title !== "string" ||
      typeof fields.starts !== "string" ||
      typeof fields.ends !== "string"
    ) {
      return `${at} needs "title", "starts" and "ends"`;
    }
    const prompt = readPromptInput(entry as BrandingPrompt);
    if ("problem" in prompt) return `${at}: ${prompt.problem}`;
    const clash = read.find(
      (other) =>
        other.id === prompt.prompt.id ||
        (other.startsAt < prompt.prompt.endsAt && other.endsAt > prompt.prompt.startsAt),
    );
    if (clash !== undefined) {
      return clash.id === prompt.prompt.id
        ? `${at} has the id "${clash.id}" of another prompt; give it an "id" of its own`
        : `${at} overlaps "${clash.title}": one prompt runs at a time`;
    }
    read.push(prompt.prompt);
  }
  return undefined;
}
