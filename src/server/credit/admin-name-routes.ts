import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { nullable } from "../../common/wire/kit.ts";
import type { Store } from "../db/open.ts";
import { drawingIdParams } from "../http/drawing-file.ts";
import { errorResponses, notFound } from "../http/errors.ts";
import { refuseInvalid } from "../http/validation.ts";
import type { AdminAuth } from "../moderation/admin-auth.ts";
import { requireAdminPageSession, requireBearer } from "../moderation/admin-guard.ts";
import { ADMIN_FILTERS } from "../moderation/admin-queries.ts";
import { listBlockedNames } from "./credit-queries.ts";
import { blockNamed, moderatedName, removeName, unblockNamed } from "./moderate-names.ts";

/** Options of the admin's name routes. */
export interface AdminNameOptions {
  readonly store: Store;
  readonly auth: AdminAuth;
  readonly now: () => number;
  readonly title: string;
}

/** A name typed by a moderator, in a form or JSON (and, from the list's forms, the filter to go back to). */
const NAME_BODY = Type.Object({
  name: Type.String({ maxLength: 1000 }),
  filter: Type.Optional(Type.String()),
});
/** What blocking or unblocking a name answers: the name, its key, whether it is blocked now, and whether that changed. */
const NAME_ANSWER = Type.Object({
  name: Type.String(),
  key: Type.String(),
  blocked: Type.Boolean(),
  changed: Type.Boolean(),
});
/** The forms' and JSON bodies are a few hundred bytes: the body each of these routes declares (bodyBytes). */
export const ADMIN_BODY_LIMIT = 4096;
const LISTED = 500;
const ACTIONS = { block: blockNamed, unblock: unblockNamed } as const;
const noSuchDrawing = () => notFound("No drawing has this id; check the id in the admin list.");

/**
 * The moderators' hold over names in the API (Bearer; registered inside the admin API's scope): POST
 * /api/admin/drawings/<id>/remove-name, GET /api/admin/names, POST /api/admin/names/block and /unblock with
 * JSON { name }.
 */
export async function adminNameApiRoutes(app: FastifyInstance, options: AdminNameOptions): Promise<void> {
  const { store } = options;
  const onRequest = requireBearer(options.auth);
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  typed.post(
    "/api/admin/drawings/:id/remove-name",
    {
      onRequest,
      schema: {
        params: drawingIdParams,
        response: {
          200: Type.Object({ id: Type.String(), removed: nullable(Type.String()) }),
          ...errorResponses,
        },
      },
      schemaErrorFormatter: refuseInvalid(noSuchDrawing),
    },
    async (request) => {
      const { id } = request.params;
      const row = await store.db.selectFrom("drawings").select("id").where("id", "=", id).executeTakeFirst();
      if (row === undefined) throw noSuchDrawing();
      return { id, removed: (await removeName(store, id, request.log)) ?? null };
    },
  );

  app.get("/api/admin/names", { onRequest, schema: { response: errorResponses } }, async () => ({
    items: await listBlockedNames(store.db, LISTED),
  }));

  for (const [action, apply] of Object.entries(ACTIONS)) {
    typed.post(
      `/api/admin/names/${action}`,
      {
        onRequest,
        config: { bodyBytes: ADMIN_BODY_LIMIT },
        schema: { body: NAME_BODY, response: { 200: NAME_ANSWER, ...errorResponses } },
      },
      async (request) => {
        const credit = moderatedName(request.body.name);
        const changed = await apply(store, credit, request.log);
        return { name: credit.name, key: credit.key, blocked: action === "block", changed };
      },
    );
  }
}

/**
 * The same on the admin page (session; registered inside the page's scope, so a refusal is a page): GET
 * /admin/names, and the forms of the drawings' list and of that page, each redirecting back.
 */
export async function adminNamePageRoutes(app: FastifyInstance, options: AdminNameOptions): Promise<void> {
  const { store, auth } = options;
  const onRequest = requireAdminPageSession(auth, options.now);
  const typed = app.withTypeProvider<TypeBoxTypeProvider>();
  const backTo = (filter: string | undefined) =>
    ADMIN_FILTERS.some((known) => known === filter) ? `/admin?filter=${filter}` : "/admin/names";

  app.get("/admin/names", { onRequest }, async (_request, reply) =>
    reply.type("text/html; charset=utf-8").send(
      app.pages.render({
        kind: "admin-names",
        community: options.title,
        names: await listBlockedNames(store.db, LISTED),
      }),
    ),
  );

  for (const [action, apply] of Object.entries(ACTIONS)) {
    typed.post(
      `/admin/names/${action}`,
      { onRequest, config: { bodyBytes: ADMIN_BODY_LIMIT }, schema: { body: NAME_BODY } },
      async (request, reply) => {
        await apply(store, moderatedName(request.body.name), request.log);
        return reply.redirect(backTo(request.body.filter), 303);
      },
    );
  }

  app.post<{ Params: { id: string }; Body: { filter?: string } | undefined }>(
    "/admin/drawings/:id/remove-name",
    {
      onRequest,
      config: { bodyBytes: ADMIN_BODY_LIMIT },
      schema: { params: drawingIdParams },
      schemaErrorFormatter: refuseInvalid(noSuchDrawing),
    },
    async (request, reply) => {
      await removeName(store, request.params.id, request.log);
      return reply.redirect(backTo(request.body?.filter ?? "newest"), 303);
    },
  );
}
