import { readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { gzipSync } from "node:zlib";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { BrandingConfig, PageConfig } from "../../common/config.ts";
import type { CurrentPrompt } from "../../common/prompts.ts";
import { errorResponses, HttpError } from "../http/errors.ts";
import { injectBranding, withHead } from "./index-html.ts";
import { inlineStylesheets } from "./inline-styles.ts";
import { pageHeadTags } from "./page-head.ts";
import { pageVariants } from "./page-variants.ts";
import { notBuilt } from "./server-render.ts";

/** Options of the page routes. */
export interface PageRoutesOptions {
  readonly branding: BrandingConfig;
  /** The directory `vite build` wrote (index.html, assets/, public files). */
  readonly clientDir: string;
  /** PUBLIC_BASE_URL, handed to the page so its share links use the public address. */
  readonly publicBaseUrl?: string | undefined;
}

/** What the page route needs besides where the page is: its build, and the prompt running when asked. */
export interface PageServingOptions extends PageRoutesOptions {
  readonly built: BuiltPage | undefined;
  readonly currentPrompt: () => CurrentPrompt | undefined;
  /** Whether /r/<id> is a live room's page (the page then opens the room); see rooms/room-routes.ts. */
  readonly roomPage?: (request: FastifyRequest, reply: FastifyReply, id: string) => Promise<boolean>;
}

/** The built index.html, read once at start: branding, head tags and stylesheets in it. */
export interface BuiltPage {
  readonly html: string;
  /** CSP sources of its inline stylesheets (the security headers allow them). */
  readonly styleSources: readonly string[];
}

const YEAR = "public, max-age=31536000, immutable";
const HOUR = "public, max-age=3600";

const htmlSchema = {
  response: { 200: { description: "The drawing page (text/html)", type: "string" }, ...errorResponses },
} as const;

/**
 * GET / with the branding injected, and the built files; without a build, / says how to make one. `built` is
 * readBuiltPage's answer, read by the app before its security headers (they allow the inline stylesheets).
 */
export async function pageRoutes(app: FastifyInstance, options: PageServingOptions): Promise<void> {
  const built = options.built?.html;
  const { pages } = app;
  if (built === undefined || !pages.built) {
    app.get("/", { schema: htmlSchema }, async () => {
      throw notBuilt();
    });
    return;
  }
  const { branding, publicBaseUrl } = options;
  const headOn = (origin: string) => pages.head(branding.title, pageHeadTags(branding, origin));
  // Rendered once per prompt: the branding is fixed for the life of the process, the running prompt changes.
  const config = pageConfig(options);
  const fixed = publicBaseUrl !== undefined;
  const finish = (html: string) => (fixed ? withHead(html, headOn(publicBaseUrl)) : html);
  const variantOf = pageVariants(built, config, pages.root, finish);
  // Without PUBLIC_BASE_URL the page's absolute URLs (og:url, og:image) are built from the request's host and
  // protocol (X-Forwarded-* behind a trusted proxy): a shared cache must keep one copy per value of them.
  const vary = fixed ? "Accept-Encoding" : "Accept-Encoding, Host, X-Forwarded-Host, X-Forwarded-Proto";
  const sendPage = (request: FastifyRequest, reply: FastifyReply, cacheControl = "no-cache") => {
    const html = variantOf(options.currentPrompt());
    const page = fixed ? html : withHead(html, headOn(`${request.protocol}://${request.host}`));
    // The HTML names the hashed assets of the current build, so it must be revalidated every time.
    reply.type("text/html; charset=utf-8").header("Cache-Control", cacheControl).header("Vary", vary);
    // A few KB, gzipped in well under a millisecond: the first byte of the first paint arrives sooner.
    if (!/\bgzip\b/.test(String(request.headers["accept-encoding"] ?? ""))) return reply.send(page);
    return reply.header("Content-Encoding", "gzip").send(gzipSync(page));
  };
  app.get("/", { schema: htmlSchema }, (request, reply) => sendPage(request, reply));
  app.get("/index.html", { schema: htmlSchema }, (request, reply) => sendPage(request, reply));
  const { roomPage } = options;
  if (roomPage !== undefined) {
    app.get<{ Params: { id: string } }>("/r/:id", { schema: htmlSchema }, async (request, reply) => {
      if (!(await roomPage(request, reply, request.params.id)))
        throw new HttpError(
          404,
          "not_found",
          "This room has ended, or its link is wrong. Start a new one from the drawing page.",
        );
      // A room's link is nobody's to cache or index.
      reply.header("X-Robots-Tag", "noindex");
      return sendPage(request, reply, "no-store");
    });
  }

  await app.register(fastifyStatic, {
    root: options.clientDir,
    index: false,
    redirect: false,
    cacheControl: false,
    // Only what the page needs: never the hidden folders of the build (the server-rendering bundle in .ssr/).
    dotfiles: "ignore",
    // The build writes .br and .gz beside each script, stylesheet and SVG (scripts/vite-precompress.ts).
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      // Vite puts content-hashed names under assets/: they never change, so cache them for a year.
      const hashed = relative(options.clientDir, filePath).startsWith(`assets${sep}`);
      reply.header("Cache-Control", hashed ? YEAR : HOUR);
    },
  });
}

/** What the page's config block says: the branding (its prompts are the server's) and the public address. */
export function pageConfig({ branding, publicBaseUrl }: PageRoutesOptions): PageConfig {
  const { prompts: _serverSide, ...shown } = branding;
  return publicBaseUrl === undefined ? shown : { ...shown, publicBaseUrl };
}

/** The built index.html with the branding and its stylesheets in it, read once; undefined when there is no build. */
export function readBuiltPage(options: PageRoutesOptions): BuiltPage | undefined {
  let source: string;
  try {
    source = readFileSync(join(options.clientDir, "index.html"), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  const branded = injectBranding(source, pageConfig(options));
  const { html, styleSources } = inlineStylesheets(branded, options.clientDir);
  return { html, styleSources };
}
