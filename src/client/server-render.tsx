/**
 * The page's HTML as React renders it on the server: the same App the browser hydrates. Built by
 * `npm run build` into dist/.ssr/ (vite.config.ts) and called once at start by the server
 * (src/server/pages/page-routes.ts), so title, address, links, palette, tools and the canvas frame paint
 * before any script has run.
 */
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import type { PageConfig } from "../common/config.ts";
import { preloadCreditParts } from "./credit/CreditSlots.tsx";
import { App } from "./page/App.tsx";

/** The markup of #root for this branding and running prompt, exactly as the browser's first render makes it. */
export function renderPage(branding: PageConfig): string {
  return renderToString(
    <StrictMode>
      <App branding={branding} />
    </StrictMode>,
  );
}

/**
 * Loads the code of the parts the browser hydrates later (lazy/hydrate-later.tsx), so that renderPage renders
 * them whole. The server awaits it once, before its first render.
 */
export async function loadLaterParts(): Promise<void> {
  await preloadCreditParts();
}
