/** The prompt the page was served with (the server's config block says which runs), for whatever shows it. */
import { createContext, useContext, useSyncExternalStore } from "react";
import type { CurrentPrompt } from "../../common/prompts.ts";
import { heardPrompt, subscribeLivePrompt } from "./live-prompt.ts";

/** Provided by the App from the page's config; undefined between prompts. */
export const ServedPrompt = createContext<CurrentPrompt | undefined>(undefined);

/** The running prompt: the one served, until the wall's live feed hears of a change. */
export function useRunningPrompt(): CurrentPrompt | undefined {
  const served = useContext(ServedPrompt);
  // The server (and hydration) render what was served: nothing has been heard there.
  const heard = useSyncExternalStore(subscribeLivePrompt, heardPrompt, () => undefined);
  return heard === undefined ? served : (heard ?? undefined);
}
