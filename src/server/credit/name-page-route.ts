import type { FastifyInstance } from "fastify";
import type { BrandingConfig } from "../../common/config.ts";
import { NAME_PAGE_PREFIX, readCredit } from "../../common/credit.ts";
import type { Store } from "../db/open.ts";
import { notFound } from "../http/errors.ts";
import { refuseInvalid } from "../http/validation.ts";
import { answerPages } from "../pages/answer-pages.ts";
import { noticePage, pageFailed } from "../pages/notice-pages.ts";
import { decodeCursor, encodeCursor } from "../wall/wall-cursor.ts";
import { galleryItem } from "../wall/wall-item.ts";
import { listScopedDrawings } from "../wall/wall-queries.ts";
import { isBlockedName } from "./credit-queries.ts";

/** Options of a name's page. */
export interface NamePageOptions {
  readonly branding: BrandingConfig;
  readonly store: Store;
  readonly publicBaseUrl?: string | undefined;
}

/** Drawings per page, as the wall asks for. */
const PAGE_SIZE = 24;
/** Moderation may remove a name or a drawing at any time: a shared cache keeps the page a minute at most. */
const SHORT = "public, max-age=0, s-maxage=60";

const schema = {
  params: {
    type: "object",
    required: ["name"],
    properties: { name: { type: "string", minLength: 1, maxLength: 1000 } },
  },
  querystring: {
    type: "object",
    properties: { before: { type: "string", pattern: "^[A-Za-z0-9_-]{1,300}$" } },
  },
  response: {
    200: { description: "The drawings signed with this name (text/html)", type: "string" },
    404: { description: "No drawing on the wall shows this name (text/html)", type: "string" },
    "5xx": { description: "The server failed (text/html)", type: "string" },
  },
} as const;

/**
 * GET /by/<name>: the visible drawings signed with a name (any spelling of it that shares its key), newest
 * first, 24 a page, older pages by the keyset cursor of the wall (?before=). HTML that works without script. A
 * name that shows on nothing (blocked, unknown, or one no drawing could be signed with) is a 404 page.
 */
export async function namePageRoutes(app: FastifyInstance, options: NamePageOptions): Promise<void> {
  const { branding } = options;
  const nameNotShown = () => notFound("No drawing on the wall shows this name.");
  answerPages(app, (refusal) =>
    refusal.statusCode < 500
      ? noticePage(
          branding,
          "Name not found",
          "No drawing on the wall shows this name. Names are what people sign their drawings with.",
        )
      : pageFailed(branding),
  );
  app.get<{ Params: { name: string }; Querystring: { before?: string } }>(
    `${NAME_PAGE_PREFIX}:name`,
    { schema, schemaErrorFormatter: refuseInvalid(nameNotShown) },
    async (request, reply) => {
      const read = readCredit(request.params.name);
      if (read.kind !== "credit") throw nameNotShown();
      const { credit } = read;
      const { db } = options.store;
      const before = request.query.before === undefined ? undefined : decodeCursor(request.query.before);
      if (request.query.before !== undefined && before === undefined) throw nameNotShown();
      if (await isBlockedName(db, credit.key)) throw nameNotShown();
      const rows = await listScopedDrawings(db, "credit_key", credit.key, before, PAGE_SIZE + 1);
      if (rows.length === 0 && before === undefined) throw nameNotShown();
      const page = rows.slice(0, PAGE_SIZE);
      const last = page.at(-1);
      return reply
        .type("text/html; charset=utf-8")
        .header("Cache-Control", SHORT)
        .send(
          app.pages.render({
            kind: "name",
            data: {
              branding: { title: branding.title, faviconImage: branding.faviconImage, theme: branding.theme },
              // The name as most of its drawings are signed is the one its first drawing shows.
              name: page[0]?.credit ?? credit.name,
              handle: credit.handle,
              items: page.map(galleryItem),
              nextCursor: rows.length > PAGE_SIZE && last !== undefined ? encodeCursor(last) : null,
              paged: before !== undefined,
            },
          }),
        );
    },
  );
}
