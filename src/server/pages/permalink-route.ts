import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { BrandingConfig } from "../../common/config.ts";
import { absoluteUrl, drawingImagePath, PERMALINK_PREFIX, permalinkPath } from "../../common/permalink.ts";
import type { Store } from "../db/open.ts";
import { apiErrorSchema } from "../http/errors.ts";
import { PERMALINK_STYLESHEET_PATH, permalinkNotFoundHtml, permalinkPageHtml } from "./permalink-html.ts";
import { findVisibleDrawing } from "./permalink-queries.ts";

/** Options of the permalink routes. */
export interface PermalinkRoutesOptions {
  readonly branding: BrandingConfig;
  readonly store: Store;
  /** PUBLIC_BASE_URL without a trailing slash; undefined: absolute URLs follow the request's protocol and host. */
  readonly publicBaseUrl?: string | undefined;
}

/** Ids are 12 base64url characters; anything else cannot be a drawing, so it is not looked up. */
const DRAWING_ID = /^[A-Za-z0-9_-]{12}$/;
/** Moderation can hide a drawing at any time; a shared cache may keep the page only this long. */
const SHORT = "public, max-age=60";
const STYLESHEET = readFileSync(join(import.meta.dirname, "permalink.css"), "utf8");

const htmlSchema = {
  params: { type: "object", required: ["id"], properties: { id: { type: "string" } } },
  response: {
    200: {
      description: "The drawing's page with Open Graph and Twitter card meta (text/html)",
      type: "string",
    },
    404: { description: "No visible drawing has this id (text/html)", type: "string" },
    "5xx": apiErrorSchema,
  },
} as const;

/** GET /d/<id>: a server-rendered page for one visible drawing that link previews turn into a card. */
export async function permalinkRoutes(app: FastifyInstance, options: PermalinkRoutesOptions): Promise<void> {
  const { branding } = options;

  app.get(
    PERMALINK_STYLESHEET_PATH,
    { schema: { response: { 200: { description: "The permalink page's stylesheet", type: "string" } } } },
    (_request, reply) =>
      reply.type("text/css; charset=utf-8").header("Cache-Control", "public, max-age=3600").send(STYLESHEET),
  );

  app.get<{ Params: { id: string } }>(
    `${PERMALINK_PREFIX}:id`,
    { schema: htmlSchema },
    async (request, reply) => {
      const { id } = request.params;
      const drawing = DRAWING_ID.test(id) ? await findVisibleDrawing(options.store.db, id) : undefined;
      reply.type("text/html; charset=utf-8");
      if (drawing === undefined) {
        return reply
          .code(404)
          .header("Cache-Control", "no-cache")
          .send(permalinkNotFoundHtml(branding.title, branding.faviconImage));
      }
      const base = options.publicBaseUrl ?? requestOrigin(request);
      const imagePath = drawingImagePath(drawing.id);
      return reply.header("Cache-Control", SHORT).send(
        permalinkPageHtml({
          title: branding.title,
          faviconImage: branding.faviconImage,
          imagePath,
          imageUrl: absoluteUrl(base, imagePath),
          pageUrl: absoluteUrl(base, permalinkPath(drawing.id)),
          createdAt: drawing.createdAt,
        }),
      );
    },
  );
}

/** The origin the visitor used; behind proxies Fastify takes it from X-Forwarded-* only when TRUST_PROXY says so. */
function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}
