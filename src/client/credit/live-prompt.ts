/**
 * The prompt running now, as the page knows it: the one the server rendered the page with, until the wall's
 * live feed hears that the prompts changed (one started or ended, or the operator edited them) and asks again.
 * A tiny store outside React (served-prompt.ts reads it in React): the wall (its own chunk) writes it, the
 * banner and "Sign it" (first bundle) and the save pipeline read it.
 */
import type { CurrentPrompt } from "../../common/prompts.ts";

/** undefined: nothing heard yet (the server's prompt stands); null: no prompt runs. */
let heard: CurrentPrompt | null | undefined;
const listeners = new Set<() => void>();

/** What the live feed learnt: the running prompt, or null between prompts. */
export function setLivePrompt(prompt: CurrentPrompt | null): void {
  if (JSON.stringify(prompt) === JSON.stringify(heard)) return;
  heard = prompt;
  for (const listener of listeners) listener();
}

/** What the feed heard: undefined before it heard anything. */
export function heardPrompt(): CurrentPrompt | null | undefined {
  return heard;
}

/** Hears every change; returns the function that stops it. */
export function subscribeLivePrompt(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The running prompt now: what the feed heard, else `served`. */
export function livePromptOr(served: CurrentPrompt | undefined): CurrentPrompt | undefined {
  return heard === undefined ? served : (heard ?? undefined);
}
