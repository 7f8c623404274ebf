import { useEffect, useState } from "react";
import { lazyChunk } from "../lazy/lazy-chunk.ts";

// The copying code (with its fallback for browsers without the Clipboard API) is fetched on the first click.
const clipboard = lazyChunk(() => import("./clipboard.ts"));

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
  const copy = async (text: string): Promise<void> => {
    const copied = await clipboard.load().then(
      (module) => module.copyText(text),
      () => false,
    );
    setState(copied ? "copied" : "failed");
  };
  return [state, copy];
}
