import { checkHashtag, checkPromptTitle, PROMPT_ID_PATTERN, type Prompt, promptIdFrom } from "./prompts.ts";
import { instantOf, isTimeZone } from "./zoned-time.ts";

/** A prompt as an operator writes it: in the branding file's `prompts`, or the admin page's form. */
export interface PromptInput {
  /** Its address on the wall; made from the title when left out. */
  readonly id?: string | undefined;
  readonly title: string;
  readonly hashtag?: string | undefined;
  /** "2026-11-23" (that day's start), "2026-11-23T18:00" (in timeZone) or an ISO 8601 time with its offset. */
  readonly starts: string;
  /** The same forms; a date alone is the end of that day, so the prompt runs through it. */
  readonly ends: string;
  /** An IANA time zone ("Europe/Berlin"); UTC when left out. */
  readonly timeZone?: string | undefined;
}

/** The longest a prompt may run: a year (a theme, not a permanent tab). */
const MAX_DAYS = 366;

/** The prompt the input describes, or why it is none (a sentence naming the field to fix). */
export function readPromptInput(input: PromptInput): { prompt: Prompt } | { problem: string } {
  const title = checkPromptTitle(input.title);
  if ("problem" in title) return { problem: `"title": ${title.problem}` };
  const hashtag = checkHashtag(input.hashtag ?? "");
  if ("problem" in hashtag) return { problem: `"hashtag": ${hashtag.problem}` };
  const timeZone = input.timeZone?.trim() || "UTC";
  if (!isTimeZone(timeZone)) {
    return {
      problem: `"timeZone" must be an IANA time zone such as Europe/Berlin or UTC (got "${timeZone}").`,
    };
  }
  const id = input.id?.trim() || promptIdFrom(title.title);
  if (!PROMPT_ID_PATTERN.test(id)) {
    return { problem: `"id" must be 1 to 40 lower-case letters, digits and inner hyphens (got "${id}").` };
  }
  const forms = `a date (2026-11-23), a time in the time zone (2026-11-23T18:00) or a time with its offset (2026-11-23T18:00:00+01:00)`;
  const starts = instantOf(input.starts, timeZone, "start");
  if (starts === undefined) return { problem: `"starts" must be ${forms} (got "${input.starts}").` };
  const ends = instantOf(input.ends, timeZone, "end");
  if (ends === undefined) return { problem: `"ends" must be ${forms} (got "${input.ends}").` };
  if (ends <= starts) return { problem: `"ends" must come after "starts": the prompt would never run.` };
  if (ends - starts > MAX_DAYS * 86_400_000) return { problem: `A prompt may run at most ${MAX_DAYS} days.` };
  return {
    prompt: {
      id,
      title: title.title,
      hashtag: hashtag.hashtag,
      startsAt: new Date(starts).toISOString(),
      endsAt: new Date(ends).toISOString(),
      timeZone,
    },
  };
}
