/** The running prompt in React, for the banner, "Sign it" and the save's sheet (each in a chunk of its own). */
import { useContext, useSyncExternalStore } from "react";
import type { CurrentPrompt } from "../../common/prompts.ts";
import { heardPrompt, subscribeLivePrompt } from "./live-prompt.ts";
import { ServedPrompt } from "./served-prompt.ts";

/** The running prompt: the one served, until the wall's live feed hears of a change. */
export function useRunningPrompt(): CurrentPrompt | undefined {
  const served = useContext(ServedPrompt);
  // The server (and hydration) render what was served: nothing has been heard there.
  const heard = useSyncExternalStore(subscribeLivePrompt, heardPrompt, () => undefined);
  return heard === undefined ? served : (heard ?? undefined);
}
