/**
 * The static build's running prompt: with no server to say which prompt runs, the page works it out from the
 * branding's prompts baked into it (the same rules the server reads them by). Only `vite build --mode static`
 * calls this; the default build leaves it out.
 */
import type { PageConfig } from "../../common/config.ts";
import { readPromptInput } from "../../common/prompt-input.ts";
import { currentPromptOf, promptPhase } from "../../common/prompts.ts";
import { setLivePrompt } from "./live-prompt.ts";

/** The config with the prompt running now, which the banner shows and a save enters. */
export function withStaticPrompt(config: PageConfig, now = Date.now()): PageConfig {
  const running = (config.prompts ?? [])
    .flatMap((input) => {
      const read = readPromptInput(input);
      return "prompt" in read ? [read.prompt] : [];
    })
    .find((prompt) => promptPhase(prompt, now) === "running");
  if (running === undefined) return config;
  const prompt = currentPromptOf(running);
  setLivePrompt(prompt);
  return { ...config, prompt };
}
