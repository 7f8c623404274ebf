/**
 * The page's server-rendering bundle, which `npm run build` makes of the page's own components
 * (dist/.ssr/server-render.js, from src/client/server-render.tsx). Node runs this server's TypeScript without a
 * build step and cannot import the .tsx components, so the bundle is the bridge: every HTML page the server
 * sends is rendered by it.
 */
import { access } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { PageConfig } from "../../common/config.ts";
import type { MetaTag, ServerPage } from "../../common/server-pages.ts";

/** The bundle's entry, relative to the built page's directory. */
export const RENDER_BUNDLE = join(".ssr", "server-render.js");

/** What the bundle exports (src/client/server-render.tsx). */
export interface RenderModule {
  /** Loads the code of the parts the page's script hydrates later, which renderPage then renders. */
  loadLaterParts(): Promise<void>;
  /** The drawing page's #root for a page's config (its branding and the prompt running). */
  renderPage(config: PageConfig): string;
  /** The drawing page's title and link card tags. */
  renderHead(title: string, metaTags: readonly MetaTag[]): string;
  /** One of the server's own pages, a whole document. */
  renderServerPage(page: ServerPage): string;
}

/** The bundle of the build in `clientDir`, or undefined when that build has none. */
export async function importRenderBundle(clientDir: string): Promise<RenderModule | undefined> {
  const bundle = join(clientDir, RENDER_BUNDLE);
  try {
    await access(bundle);
  } catch {
    return undefined;
  }
  return (await import(pathToFileURL(bundle).href)) as RenderModule;
}
