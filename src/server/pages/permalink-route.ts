import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { BrandingConfig } from "../../common/config.ts";
import {
  absoluteUrl,
  drawingCardPath,
  drawingImagePath,
  PERMALINK_PREFIX,
  permalinkPath,
} from "../../common/permalink.ts";
import { downloadFileName, sharePostText } from "../../common/share-text.ts";
import type { Store } from "../db/open.ts";
import { errorResponses, notFound } from "../http/errors.ts";
import { DRAWING_ID, refuseInvalid } from "../http/validation.ts";
import { findPrompt } from "../prompts/prompt-queries.ts";
import { galleryItem } from "../wall/wall-item.ts";
import { countVisibleRemixes, listVisibleDrawings, wallRows } from "../wall/wall-queries.ts";
import { answerPages } from "./answer-pages.ts";
import { displayFontFace } from "./display-font.ts";
import { drawingNotFound, pageFailed } from "./notice-pages.ts";
import { permalinkPageData } from "./permalink-page.ts";
import { permalinkShareScript } from "./permalink-script.ts";

/** Options of the permalink routes. */
export interface PermalinkRoutesOptions {
  readonly branding: BrandingConfig;
  readonly store: Store;
  /** The built page's directory: the server's pages take its display face from there. */
  readonly clientDir: string;
  /** PUBLIC_BASE_URL without a trailing slash; undefined: absolute URLs follow the request's protocol and host. */
  readonly publicBaseUrl?: string | undefined;
}

/**
 * Moderation can hide a drawing at any time: a shared cache may keep the page only a minute. A browser asks
 * again each time (max-age=0), since the page shows what changes under the visitor's own hand: the remix they
 * just saved, and the counts (which its script also reads live).
 */
const SHORT = "public, max-age=0, s-maxage=60";
/** Where the server pages' stylesheet is served (a file: the CSP refuses inline styles but the theme's rule). */
const STYLESHEET_PATH = "/d/permalink.css";
/**
 * A stable address of the page's script, which imports the build's hashed one: a page a cache kept from before a
 * deploy still finds the script of the build that now runs.
 */
const SCRIPT_PATH = "/d/permalink.js";
// One stylesheet for the server's own pages: the permalink and notice pages', and the moderation pages'.
const STYLESHEET = [
  "../../common/page-frame.css",
  "permalink.css",
  "permalink-social.css",
  "permalink-share.css",
  "../credit/credit.css",
  "../moderation/admin.css",
]
  .map((file) => readFileSync(join(import.meta.dirname, file), "utf8"))
  .join("\n");
/** Remixes shown on a drawing's page; the rest are a GET /api/drawings?remixOf= away. */
const REMIXES_SHOWN = 12;

const htmlSchema = {
  params: { type: "object", required: ["id"], properties: { id: DRAWING_ID } },
  response: {
    200: {
      description: "The drawing's page with Open Graph and Twitter card meta (text/html)",
      type: "string",
    },
    404: { description: "No visible drawing has this id (text/html)", type: "string" },
    "5xx": { description: "The server failed (text/html)", type: "string" },
  },
} as const;

/** GET /d/<id>: a server-rendered page for one visible drawing that link previews turn into a card. */
export async function permalinkRoutes(app: FastifyInstance, options: PermalinkRoutesOptions): Promise<void> {
  const { branding } = options;
  const stylesheet = displayFontFace(options.clientDir) + STYLESHEET;
  const script = permalinkShareScript(options.clientDir);
  const { pages } = app;
  // Unknown, hidden and malformed ids alike get the "not found" page; a failure gets a page too.
  answerPages(app, (refusal) =>
    refusal.statusCode === 404 ? drawingNotFound(branding) : pageFailed(branding),
  );

  app.get(
    STYLESHEET_PATH,
    { schema: { response: { 200: { description: "The permalink page's stylesheet", type: "string" } } } },
    (_request, reply) =>
      reply.type("text/css; charset=utf-8").header("Cache-Control", "public, max-age=3600").send(stylesheet),
  );

  app.get(
    SCRIPT_PATH,
    {
      schema: {
        response: {
          200: { description: "The permalink page's script: an import of the build's", type: "string" },
          ...errorResponses,
        },
      },
    },
    (_request, reply) => {
      if (script === undefined) throw notFound("This server has no built page script (run npm run build).");
      return reply
        .type("text/javascript; charset=utf-8")
        .header("Cache-Control", "no-cache")
        .send(`import ${JSON.stringify(script)};\n`);
    },
  );

  app.get<{ Params: { id: string } }>(
    `${PERMALINK_PREFIX}:id`,
    { schema: htmlSchema, schemaErrorFormatter: refuseInvalid(noVisibleDrawing) },
    async (request, reply) => {
      const { db } = options.store;
      const [drawing] = await wallRows(db, [request.params.id]);
      if (drawing === undefined) throw noVisibleDrawing();
      const remixes = await listVisibleDrawings(db, undefined, REMIXES_SHOWN, drawing.id);
      const social = {
        ...drawing,
        remixes: remixes.map(galleryItem),
        remixCount:
          remixes.length < REMIXES_SHOWN ? remixes.length : await countVisibleRemixes(db, drawing.id),
      };
      reply.type("text/html; charset=utf-8");
      const base = options.publicBaseUrl ?? requestOrigin(request);
      // Built from the request's host, the page differs per X-Forwarded-Host/-Proto (TRUST_PROXY): a shared
      // cache must keep one copy per value, or one client's header would reach everyone (PUBLIC_BASE_URL avoids it).
      if (options.publicBaseUrl === undefined) {
        const vary = reply.getHeader("vary");
        reply.header("vary", [vary, "X-Forwarded-Host, X-Forwarded-Proto"].filter(Boolean).join(", "));
      }
      const prompt = drawing.promptId === null ? undefined : await findPrompt(db, drawing.promptId);
      const claims = { credit: drawing.credit, prompt, place: drawing.promptPlace };
      const imagePath = drawingImagePath(drawing.id);
      const pageUrl = absoluteUrl(base, permalinkPath(drawing.id));
      const postText = sharePostText(branding, pageUrl, {
        credit: drawing.credit,
        promptHashtag: prompt?.hashtag,
      });
      const page = permalinkPageData({
        branding,
        createdAt: drawing.createdAt,
        cardUrl: absoluteUrl(base, drawingCardPath(drawing.id)),
        social,
        share: {
          id: drawing.id,
          permalink: pageUrl,
          postText,
          imagePath,
          fileName: downloadFileName(branding.downloadPrefix, Date.parse(drawing.createdAt)),
        },
        claims,
        making: drawing.making,
        script,
      });
      return reply.header("Cache-Control", SHORT).send(pages.render({ kind: "permalink", data: page }));
    },
  );
}

function noVisibleDrawing() {
  return notFound("No visible drawing has this id.");
}

/** The origin the visitor used; behind proxies Fastify takes it from X-Forwarded-* only when TRUST_PROXY says so. */
function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}
