/**
 * Where the running prompt's banner (above the canvas) and "Sign it" (in the panel) go. Their markup is in the
 * server's HTML and their stylesheets in the first one, so they paint with the page; their code comes with the
 * board's extras and then hydrates them (lazy/hydrate-later.tsx), which keeps the first load within its budget.
 */

import { hydrateLater } from "../lazy/hydrate-later.tsx";
import { lazyChunk } from "../lazy/lazy-chunk.ts";
import "./prompt-banner.css";
import "./signature.css";

const parts = lazyChunk(() => import("./credit-parts.ts"));
const banner = hydrateLater(parts, (module) => module.PromptBanner);
const signature = hydrateLater(parts, (module) => module.SignatureField);

/** The running prompt's banner, server-rendered and hydrated once its code is in. */
export const PromptSlot = banner.View;

/** "Sign it", server-rendered and hydrated once its code is in. */
export const SignatureSlot = signature.View;

/** Loads both parts' code; the server calls it before it renders the page. */
export async function preloadCreditParts(): Promise<void> {
  await Promise.all([banner.preload(), signature.preload()]);
}
