/**
 * Every HTML page the server sends, as React renders it on the server. Built by `npm run build` into dist/.ssr/
 * (vite.config.ts) and loaded once at start by the server (src/server/pages/server-render.ts): the drawing
 * page's #root, the same App the browser hydrates, so title, address, links, palette, tools and the canvas frame
 * paint before any script has run; its head's title and link card tags; and the server's own pages (a drawing's
 * permalink, a name's page, the notices and 404, the moderators' pages), whole documents that need no script.
 */
import { StrictMode } from "react";
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import type { PageConfig } from "../common/config.ts";
import type { MetaTag, ServerPage } from "../common/server-pages.ts";
import { preloadCreditParts } from "./credit/CreditSlots.tsx";
import { App } from "./page/App.tsx";
import { ServerPageView } from "./server-pages/ServerPageView.tsx";

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

/** The drawing page's title and link card tags, for its head. */
export function renderHead(title: string, metaTags: readonly MetaTag[]): string {
  return renderToStaticMarkup(
    <>
      <title>{title}</title>
      {metaTags.map(([attribute, key, value]) =>
        attribute === "name" ? (
          <meta key={key} name={key} content={value} />
        ) : (
          <meta key={key} property={key} content={value} />
        ),
      )}
    </>,
  );
}

/** One of the server's own pages, a whole HTML document. */
export function renderServerPage(page: ServerPage): string {
  return `<!doctype html>\n${renderToStaticMarkup(<ServerPageView page={page} />)}`;
}
