/**
 * What the next save claims besides its picture, read when Save is pressed (with the save pipeline, not in the
 * first bundle): the name from "Sign it", checked by the rules the server applies, and the running prompt
 * when "Enter" is ticked.
 */
import { CONFIG_ELEMENT_ID } from "../../common/config.ts";
import { readCredit } from "../../common/credit.ts";
import type { CurrentPrompt } from "../../common/prompts.ts";
import { livePromptOr } from "./live-prompt.ts";
import { currentSignature } from "./signature.ts";

/** The claims, or why the name cannot be used (then nothing is stored: the visitor fixes or clears it). */
export type SaveClaims = { readonly name?: string; readonly prompt?: string } | { readonly problem: string };

let served: CurrentPrompt | undefined | null = null;

/** The prompt the page was served with (its config block), read once. */
function servedPrompt(): CurrentPrompt | undefined {
  if (served !== null) return served;
  served = undefined;
  try {
    const config = JSON.parse(document.getElementById(CONFIG_ELEMENT_ID)?.textContent ?? "null") as {
      prompt?: CurrentPrompt;
    } | null;
    if (typeof config?.prompt?.id === "string") served = config.prompt;
  } catch {
    // No readable block (vite dev): no prompt was served.
  }
  return served;
}

/** The name and prompt the next save carries. */
export function saveClaims(): SaveClaims {
  const { name, enter } = currentSignature();
  const read = readCredit(name);
  if (read.kind === "refused") return { problem: `Your name can't be used: ${read.problem}` };
  const prompt = enter ? livePromptOr(servedPrompt())?.id : undefined;
  return {
    ...(read.kind === "credit" ? { name: read.credit.name } : {}),
    ...(prompt === undefined ? {} : { prompt }),
  };
}
