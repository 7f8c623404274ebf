/**
 * The page's HTML rendered by React on the server, once at start, from the bundle `npm run build` makes of the
 * page's own components (dist/.ssr/server-render.js). Node runs this server's TypeScript without a build step
 * and cannot import the .tsx components, so the bundle is the bridge. Without it (vite dev, an old build) the
 * page is served as before and renders in the browser.
 */
import { access } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyBaseLogger } from "fastify";
import type { PageConfig } from "../../common/config.ts";

/** The bundle's entry, relative to the built page's directory. */
const RENDER_BUNDLE = join(".ssr", "server-render.js");

interface RenderModule {
  /** Loads the code of the parts the page's script hydrates later, which renderPage then renders (absent in a
   * bundle with none). */
  loadLaterParts?(): Promise<void>;
  renderPage(config: PageConfig): string;
}

/** Renders #root's markup for a page's config (its branding and the prompt running). */
export type PageRenderer = (config: PageConfig) => string;

/**
 * The renderer of #root, tried once on `branding` (so a bundle that fails is found at start), or null when the
 * bundle is missing or fails (then logged).
 */
export async function pageRenderer(
  clientDir: string,
  branding: PageConfig,
  log: FastifyBaseLogger,
): Promise<PageRenderer | null> {
  const bundle = join(clientDir, RENDER_BUNDLE);
  try {
    await access(bundle);
  } catch {
    log.info({ bundle }, "no server-rendering bundle: the page renders in the browser (run npm run build)");
    return null;
  }
  try {
    const module = (await import(pathToFileURL(bundle).href)) as RenderModule;
    await module.loadLaterParts?.();
    module.renderPage(branding);
    return (config) => module.renderPage(config);
  } catch (error) {
    log.warn(
      { err: error, bundle },
      "the page could not be rendered on the server; it renders in the browser",
    );
    return null;
  }
}

/**
 * The built index.html with `markup` inside its empty #root. The page's script then only hydrates what is
 * already on screen, so it is fetched at low priority: the mascot and the web font come first, and on a slow
 * link the first paint never waits for it (a module script is otherwise fetched at high priority).
 */
export function fillRoot(html: string, markup: string): string {
  return html
    .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`)
    .replace(/<script type="module"(?= )/, '<script type="module" fetchpriority="low"');
}
