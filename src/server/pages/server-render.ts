/**
 * Every HTML page the server sends is rendered by React, from the page's server-rendering bundle
 * (render-bundle.ts), loaded once at start. Without a build there is no page to serve: the HTML routes answer
 * 503 saying how to make one, and the app's errors stay JSON.
 */
import type { FastifyBaseLogger } from "fastify";
import type { PageConfig } from "../../common/config.ts";
import type { MetaTag, ServerPage } from "../../common/server-pages.ts";
import { HttpError } from "../http/errors.ts";
import { importRenderBundle, RENDER_BUNDLE, type RenderModule } from "./render-bundle.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The server's HTML pages, rendered by the build's bundle. */
    readonly pages: ServerPages;
  }
}

/** The server's HTML pages. */
export interface ServerPages {
  /** Whether the build's bundle is here to render them. */
  readonly built: boolean;
  /** One of the server's own pages; throws a 503 without a build. */
  render(page: ServerPage): string;
  /** The drawing page's title and link card tags; throws a 503 without a build. */
  head(title: string, metaTags: readonly MetaTag[]): string;
  /** The drawing page's #root for a config; throws a 503 without a build. */
  root(config: PageConfig): string;
}

/** What every HTML route answers without a build. */
export function notBuilt(): HttpError {
  return new HttpError(503, "page_not_built", "The page is not built: run npm run build");
}

/**
 * The pages of the build in `clientDir`, tried once on `config` (so a bundle that fails is found at start,
 * logged, and treated as no build).
 */
export async function serverPages(
  clientDir: string,
  config: PageConfig,
  log: FastifyBaseLogger,
): Promise<ServerPages> {
  let bundle: RenderModule | undefined;
  try {
    // Without a build nothing is said here: GET / answers how to make one.
    bundle = await importRenderBundle(clientDir);
    await bundle?.loadLaterParts();
    bundle?.renderPage(config);
  } catch (error) {
    log.warn(
      { err: error, clientDir, bundle: RENDER_BUNDLE },
      "the server-rendering bundle fails: the pages are not served",
    );
    bundle = undefined;
  }
  const built = bundle;
  if (built === undefined) {
    const refuse = (): never => {
      throw notBuilt();
    };
    return { built: false, render: refuse, head: refuse, root: refuse };
  }
  return {
    built: true,
    render: (page) => built.renderServerPage(page),
    head: (title, metaTags) => built.renderHead(title, metaTags),
    root: (config) => built.renderPage(config),
  };
}

/**
 * The built index.html with `markup` inside its empty #root. The page's script then only hydrates what is
 * already on screen, so it and the chunks it preloads (React, the bundler's runtime) are fetched at low priority:
 * the mascot and the web font come first, and on a slow link the first paint never waits for them (a module
 * script or a modulepreload is otherwise fetched at high priority, which Lighthouse counts as render-blocking).
 */
export function fillRoot(html: string, markup: string): string {
  return html
    .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`)
    .replace(/<script type="module"(?= )/, '<script type="module" fetchpriority="low"')
    .replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');
}
