/** The prompts the wall has tabs for, asked for when the wall opens and again whenever the feed says they changed. */
import { useCallback, useEffect, useRef, useState } from "react";
import { PROMPTS_PATH, type PromptSummary } from "../../common/api.ts";
import { setLivePrompt } from "../credit/live-prompt.ts";
import { isPromptsAnswer } from "./wall-checks.ts";

/** What the wall knows of the prompts. */
export interface PromptsModel {
  /** The running prompt and the past ones, the latest first; empty until they arrive (or when there are none). */
  readonly prompts: readonly PromptSummary[];
  /** Asks again (the feed heard of a change); the newest answer wins. */
  readonly refresh: () => void;
}

/** The prompts of an answer, or the error saying it is not one by the wire schema. */
export function promptsOf(body: unknown): readonly PromptSummary[] {
  if (!isPromptsAnswer(body)) throw new Error("The prompts answer is not a list of prompts.");
  return body.prompts;
}

/**
 * Loads the prompts and keeps them current. The running one also goes to the drawing page's banner and "Sign
 * it" (credit/live-prompt.ts), so a prompt that starts or ends while the page is open shows there at once.
 */
export function usePrompts(): PromptsModel {
  const [prompts, setPrompts] = useState<readonly PromptSummary[]>([]);
  const asked = useRef(0);
  const refresh = useCallback(() => {
    const ask = ++asked.current;
    void fetch(PROMPTS_PATH, { headers: { Accept: "application/json" } })
      .then((response) =>
        response.ok ? response.json() : Promise.reject(new Error(`HTTP ${response.status}`)),
      )
      .then((body: unknown) => {
        if (ask !== asked.current) return;
        const listed = promptsOf(body);
        setPrompts(listed);
        const running = listed.find((prompt) => prompt.phase === "running");
        setLivePrompt(
          running === undefined
            ? null
            : { id: running.id, title: running.title, hashtag: running.hashtag, lastDay: running.lastDay },
        );
      })
      .catch((error: unknown) => console.warn("Fanvas: the prompts could not be loaded.", error));
  }, []);
  useEffect(refresh, [refresh]);
  return { prompts, refresh };
}
