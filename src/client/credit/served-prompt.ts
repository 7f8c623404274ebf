/** The prompt the page was served with (the server's config block says which runs), for whatever shows it. */
import { createContext, useContext } from "react";
import type { CurrentPrompt } from "../../common/prompts.ts";
import { useLivePrompt } from "./live-prompt.ts";

/** Provided by the App from the page's config; undefined between prompts. */
export const ServedPrompt = createContext<CurrentPrompt | undefined>(undefined);

/** The running prompt: the one served, until the wall's live feed hears of a change. */
export function useRunningPrompt(): CurrentPrompt | undefined {
  return useLivePrompt(useContext(ServedPrompt));
}
