/** The prompt the page was served with (the server's config block says which runs), for whatever shows it. */
import { createContext } from "react";
import type { CurrentPrompt } from "../../common/prompts.ts";

/** Provided by the App from the page's config; undefined between prompts. */
export const ServedPrompt = createContext<CurrentPrompt | undefined>(undefined);
