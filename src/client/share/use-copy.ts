import { useEffect, useState } from "react";
import { copyText } from "./clipboard.ts";

/** How long "Copied" (or "Copy failed") stays before the button reads as before. */
const CONFIRMATION_MS = 2000;

/** Where a Copy button stands: untouched, or showing the outcome of the last click for a moment. */
export type CopyState = "idle" | "copied" | "failed";

/** A Copy button's state and its click handler; the outcome reverts to "idle" after a moment. */
export function useCopy(): readonly [CopyState, (text: string) => Promise<void>] {
  const [state, setState] = useState<CopyState>("idle");
  useEffect(() => {
    if (state === "idle") return;
    const timer = setTimeout(() => setState("idle"), CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = async (text: string): Promise<void> => setState((await copyText(text)) ? "copied" : "failed");
  return [state, copy];
}
