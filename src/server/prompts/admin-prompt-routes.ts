import type { FastifyInstance } from "fastify";
import type { PromptInput } from "../../common/prompt-input.ts";
import { PROMPT_ID_SCHEMA_PATTERN } from "../../common/prompts.ts";
import { ADMIN_BODY_LIMIT } from "../credit/admin-name-routes.ts";
import type { Store } from "../db/open.ts";
import { errorResponses } from "../http/errors.ts";
import { refuseInvalid } from "../http/validation.ts";
import type { AdminAuth } from "../moderation/admin-auth.ts";
import { requireAdminPageSession, requireBearer } from "../moderation/admin-guard.ts";
import { changePrompt, createPrompt, noSuchPrompt, removePrompt } from "./edit-prompts.ts";
import { listPrompts } from "./prompt-queries.ts";

/** Options of the admin's prompt routes. */
export interface AdminPromptOptions {
  readonly store: Store;
  readonly auth: AdminAuth;
  readonly now: () => number;
  readonly title: string;
}

const text = (maxLength: number) => ({ type: "string", maxLength }) as const;
/** A prompt as the form and the API send it (common/prompt-input.ts reads and checks it). */
const PROMPT_BODY = {
  type: "object",
  required: ["title", "starts", "ends"],
  properties: {
    id: text(100),
    title: text(1000),
    hashtag: text(100),
    starts: text(100),
    ends: text(100),
    timeZone: text(100),
  },
} as const;
const idParams = {
  type: "object",
  required: ["id"],
  properties: { id: { type: "string", pattern: PROMPT_ID_SCHEMA_PATTERN } },
} as const;

/**
 * The operator's prompts in the API (Bearer; inside the admin API's scope): GET /api/admin/prompts (upcoming ones
 * too), POST /api/admin/prompts (201), PUT and DELETE /api/admin/prompts/<id>; bodies are PromptInput as JSON.
 */
export async function adminPromptApiRoutes(app: FastifyInstance, options: AdminPromptOptions): Promise<void> {
  const { store } = options;
  const onRequest = requireBearer(options.auth);
  const refusal = refuseInvalid(({ part }) => (part === "params" ? noSuchPrompt() : undefined));
  app.get("/api/admin/prompts", { onRequest, schema: { response: errorResponses } }, async () => ({
    items: await listPrompts(store.db),
  }));
  app.post<{ Body: PromptInput }>(
    "/api/admin/prompts",
    {
      onRequest,
      config: { bodyBytes: ADMIN_BODY_LIMIT },
      schema: { body: PROMPT_BODY, response: errorResponses },
    },
    async (request, reply) => reply.code(201).send(await createPrompt(store, request.body)),
  );
  app.put<{ Params: { id: string }; Body: PromptInput }>(
    "/api/admin/prompts/:id",
    {
      onRequest,
      config: { bodyBytes: ADMIN_BODY_LIMIT },
      schema: { params: idParams, body: PROMPT_BODY, response: errorResponses },
      schemaErrorFormatter: refusal,
    },
    async (request) => changePrompt(store, request.params.id, request.body),
  );
  app.delete<{ Params: { id: string } }>(
    "/api/admin/prompts/:id",
    { onRequest, schema: { params: idParams, response: errorResponses }, schemaErrorFormatter: refusal },
    async (request) => {
      await removePrompt(store, request.params.id);
      return { id: request.params.id, deleted: true };
    },
  );
}

/** The same on the admin page (session; inside the page's scope): GET /admin/prompts and its forms. */
export async function adminPromptPageRoutes(
  app: FastifyInstance,
  options: AdminPromptOptions,
): Promise<void> {
  const { store, auth } = options;
  const onRequest = requireAdminPageSession(auth, options.now);
  app.get("/admin/prompts", { onRequest }, async (_request, reply) =>
    reply.type("text/html; charset=utf-8").send(
      app.pages.render({
        kind: "admin-prompts",
        community: options.title,
        prompts: await listPrompts(store.db),
        now: options.now(),
      }),
    ),
  );
  app.post<{ Body: PromptInput }>(
    "/admin/prompts",
    { onRequest, config: { bodyBytes: ADMIN_BODY_LIMIT }, schema: { body: PROMPT_BODY } },
    async (request, reply) => {
      await createPrompt(store, request.body);
      return reply.redirect("/admin/prompts", 303);
    },
  );
  app.post<{ Params: { id: string } }>(
    "/admin/prompts/:id/delete",
    { onRequest, schema: { params: idParams }, schemaErrorFormatter: refuseInvalid(noSuchPrompt) },
    async (request, reply) => {
      await removePrompt(store, request.params.id);
      return reply.redirect("/admin/prompts", 303);
    },
  );
}
