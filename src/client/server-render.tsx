/**
 * The page's HTML as React renders it on the server: the same App the browser hydrates. Built by
 * `npm run build` into dist/.ssr/ (vite.config.ts) and called once at start by the server
 * (src/server/pages/page-routes.ts), so title, address, links, palette, tools and the canvas frame paint
 * before any script has run.
 */
import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import type { PageConfig } from "../common/config.ts";
import { App } from "./page/App.tsx";

/** The markup of #root for this branding and running prompt, exactly as the browser's first render makes it. */
export function renderPage(branding: PageConfig): string {
  return renderToString(
    <StrictMode>
      <App branding={branding} />
    </StrictMode>,
  );
}
