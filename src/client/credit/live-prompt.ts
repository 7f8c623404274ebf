/**
 * The prompt running now, as the page knows it: the one the server rendered the page with, until the wall's
 * live feed hears that the prompts changed (one started or ended, or the operator edited them) and asks again.
 * A tiny store outside React: the wall (its own chunk) writes it, the banner and "Sign it" (first bundle) read it.
 */
import { useSyncExternalStore } from "react";
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

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The running prompt: what the feed heard, else the one the page was served with. */
export function useLivePrompt(served: CurrentPrompt | undefined): CurrentPrompt | undefined {
  const live = useSyncExternalStore(
    subscribe,
    () => heard,
    () => undefined,
  );
  return live === undefined ? served : (live ?? undefined);
}

/** The running prompt now, for the save pipeline: what the feed heard, else `served`. */
export function livePromptOr(served: CurrentPrompt | undefined): CurrentPrompt | undefined {
  return heard === undefined ? served : (heard ?? undefined);
}
