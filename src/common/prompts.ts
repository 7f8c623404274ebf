/**
 * Prompts: a theme the community draws to for a while ("Fred at the beach", this week). The operator sets them
 * (the branding file, or /admin); the page shows the one running above the canvas, a save may enter it, and the
 * wall has a tab per running and past prompt. No DOM, no Node.
 */
import { checkText } from "./text-rules.ts";
import { dayInZone } from "./zoned-time.ts";

/** A prompt as the page and the API see it. */
export interface Prompt {
  /** Its address on the wall (?prompt=), lower-case letters, digits and hyphens. */
  readonly id: string;
  readonly title: string;
  /** "#FredAtTheBeach": put at the end of a post about an entry; null for none. */
  readonly hashtag: string | null;
  /** ISO 8601 instants: it runs from startsAt (included) to endsAt (excluded). */
  readonly startsAt: string;
  readonly endsAt: string;
  /** The IANA time zone its days are counted in ("UTC" unless the operator said otherwise). */
  readonly timeZone: string;
}

/** The running prompt as the drawing page shows it (the server says what the banner reads). */
export interface CurrentPrompt {
  readonly id: string;
  readonly title: string;
  readonly hashtag: string | null;
  /** "30 Nov": the last day it runs, in its own time zone. */
  readonly lastDay: string;
}

/** The banner's view of a running prompt: its last day said in its own time zone. */
export function currentPromptOf(prompt: Prompt): CurrentPrompt {
  const lastDay = dayInZone(Date.parse(prompt.endsAt) - 1, prompt.timeZone);
  return { id: prompt.id, title: prompt.title, hashtag: prompt.hashtag, lastDay };
}

/** Where a prompt stands at some moment. */
export type PromptPhase = "upcoming" | "running" | "ended";

/** The phase of `prompt` at `now` (epoch milliseconds). */
export function promptPhase(prompt: Pick<Prompt, "startsAt" | "endsAt">, now: number): PromptPhase {
  if (now < Date.parse(prompt.startsAt)) return "upcoming";
  return now < Date.parse(prompt.endsAt) ? "running" : "ended";
}

/** A prompt's id: 1 to 40 lower-case letters, digits and inner hyphens. */
export const PROMPT_ID_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;
/** The same, as a JSON schema's pattern. */
export const PROMPT_ID_SCHEMA_PATTERN = "^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$";

/** An id made from a title: "Fred at the beach!" is "fred-at-the-beach"; "prompt" when nothing is left. */
export function promptIdFrom(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/, "");
  return slug === "" ? "prompt" : slug;
}

/** The most characters a prompt's title may have. */
export const MAX_PROMPT_TITLE = 80;

/** A title tidied by the text rules, or why it cannot be one. */
export function checkPromptTitle(raw: string): { title: string } | { problem: string } {
  const checked = checkText(raw, { what: "A prompt's title", maxCharacters: MAX_PROMPT_TITLE });
  if (!checked.ok) return { problem: checked.problem };
  return checked.text === "" ? { problem: "A prompt needs a title." } : { title: checked.text };
}

/** X's hashtags: # then letters, digits and underscores, not digits alone; 30 characters keeps a post short. */
const HASHTAG = /^#(?!\d+$)[\p{L}\p{N}\p{M}_]{1,29}$/u;

/** The hashtag as kept (NFC), null for none (empty), or why it cannot be one. */
export function checkHashtag(raw: string): { hashtag: string | null } | { problem: string } {
  const text = raw.trim().normalize("NFC");
  if (text === "") return { hashtag: null };
  if (HASHTAG.test(text)) return { hashtag: text };
  return {
    problem:
      "A prompt's hashtag is # and up to 29 letters, digits or underscores, not digits alone (#FredAtTheBeach).",
  };
}
