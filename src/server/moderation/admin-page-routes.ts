import type { FastifyInstance, FastifyRequest } from "fastify";
import { REMOVE_TIMELAPSE } from "../../common/admin-pages.ts";
import { adminNamePageRoutes } from "../credit/admin-name-routes.ts";
import type { Store } from "../db/open.ts";
import { HttpError, notFound } from "../http/errors.ts";
import { DRAWING_ID, refuseInvalid } from "../http/validation.ts";
import { findMaking, removeMaking } from "../making/making-queries.ts";
import { answerPages } from "../pages/answer-pages.ts";
import { adminPromptPageRoutes } from "../prompts/admin-prompt-routes.ts";
import { adminRoomPageRoutes } from "../rooms/admin-room-routes.ts";
import type { RoomHub } from "../rooms/room-hub.ts";
import type { AdminAuth } from "./admin-auth.ts";
import { sessionCookie } from "./admin-auth.ts";
import { sameOrigin } from "./admin-guard.ts";
import { ADMIN_ACTIONS, ADMIN_FILTERS, type AdminFilter, listForAdmin } from "./admin-queries.ts";
import { type AdminTimelapse, timelapsePage } from "./admin-timelapse-page.ts";
import { moderate } from "./moderate.ts";

/** Options of the admin page. */
export interface AdminPageOptions {
  readonly store: Store;
  readonly auth: AdminAuth;
  readonly now: () => number;
  /** The community's title (branding), which the pages carry. */
  readonly title: string;
  /** What the moderators' timelapse view needs; without it the view says the page has no script to play it. */
  readonly timelapse?: AdminTimelapse | undefined;
  /** The live rooms (their list and End buttons). */
  readonly rooms: RoomHub;
}

const LIST_LIMIT = 100;
/** A sign-in form (the token) or an action's form (the list's filter): a few hundred bytes. */
export const MAX_FORM_BYTES = 4096;
const ADMIN_OFF = "Admin is off on this server: its operator has not set ADMIN_TOKEN.";

/** The sign-in form answers every 401 of the page; a plain "signed out" shows it without a notice. */
const signedOut = () => new HttpError(401, "signed_out", "Sign in with the admin token.");
const refusedSignIn = (problem: string) => new HttpError(401, "unauthorized", problem);
const SIGN_IN_HINT =
  'sign in with the form on /admin: the token is one line of text (a form field token=..., or JSON {"token": "..."})';
const badSignIn = () =>
  new HttpError(400, "bad_sign_in", `The sign-in needs the admin token: ${SIGN_IN_HINT}.`);

/** The sign-in body: the token as one string, however it was posted (form or JSON). */
const signInSchema = {
  type: "object",
  required: ["token"],
  properties: { token: { type: "string", maxLength: 1024 } },
} as const;

/**
 * GET /admin (the list, or the sign-in form with 401), POST /admin/login, POST /admin/logout and
 * POST /admin/drawings/<id>/hide|restore|delete|remove-timelapse, each answering with a redirect back to the list.
 * Its refusals are pages: the sign-in form for a 401, a short page saying what failed otherwise.
 */
export async function adminPageRoutes(app: FastifyInstance, options: AdminPageOptions): Promise<void> {
  const { auth, now, title } = options;
  answerPages(app, (refusal) => {
    if (refusal.statusCode !== 401)
      return { kind: "admin-error", community: title, message: refusal.message };
    const problem = !auth.enabled ? ADMIN_OFF : refusal.code === "signed_out" ? undefined : refusal.message;
    return { kind: "admin-login", community: title, problem };
  });
  const requireSession = async (request: FastifyRequest) => {
    if (!(await auth.sessionMatches(request, now()))) throw signedOut();
  };

  await app.register(adminRoomPageRoutes, { rooms: options.rooms, auth, title, requireSession });

  const filterQuery = { type: "object", properties: { filter: { type: "string" } } } as const;
  app.get<{ Querystring: { filter?: string } }>(
    "/admin",
    { onRequest: requireSession, schema: { querystring: filterQuery } },
    async (request, reply) => {
      const filter = filterOf(request.query.filter);
      const drawings = await listForAdmin(options.store.db, filter, LIST_LIMIT);
      const page = app.pages.render({
        kind: "admin-list",
        community: title,
        filter,
        drawings,
        now: Date.now(),
      });
      return reply.type("text/html; charset=utf-8").send(page);
    },
  );

  app.get<{ Params: { id: string } }>(
    "/admin/drawings/:id/timelapse",
    {
      onRequest: requireSession,
      schema: { params: { type: "object", required: ["id"], properties: { id: DRAWING_ID } } },
      schemaErrorFormatter: refuseInvalid(() => notFound("No drawing has this id; go back to the list.")),
    },
    async (request, reply) => {
      const { id } = request.params;
      if ((await findMaking(options.store.db, id, "stored")) === undefined) {
        throw notFound("This drawing has no timelapse (or it was removed); go back to the list.");
      }
      const page = app.pages.render(timelapsePage(title, id, options.timelapse));
      return reply.type("text/html; charset=utf-8").send(page);
    },
  );

  app.post<{ Body: { token: string } }>(
    "/admin/login",
    {
      config: {
        accepts: SIGN_IN_HINT,
        bodyBytes: MAX_FORM_BYTES,
        tooLarge: `The sign-in is larger than ${MAX_FORM_BYTES} bytes; ${SIGN_IN_HINT}.`,
      },
      schema: { body: signInSchema },
      schemaErrorFormatter: refuseInvalid(badSignIn),
    },
    async (request, reply) => {
      if (!sameOrigin(request) || !auth.tokenMatches(request.body.token)) {
        throw refusedSignIn("That token is not right.");
      }
      const secure = request.protocol === "https";
      return reply
        .header("set-cookie", sessionCookie(reply.signCookie(await auth.newSession(now())), secure))
        .redirect("/admin", 303);
    },
  );

  app.post("/admin/logout", { onRequest: requireSession }, async (request, reply) => {
    if (!sameOrigin(request)) throw signedOut();
    // The cookie is dropped by the browser, and the session ended here: a copy of it is worth nothing now.
    await auth.endSession(request);
    return reply
      .header("set-cookie", sessionCookie("", request.protocol === "https", 0))
      .redirect("/admin", 303);
  });

  app.post<{ Params: { id: string; action: string }; Body: Record<string, string> | undefined }>(
    "/admin/drawings/:id/:action",
    {
      config: { bodyBytes: MAX_FORM_BYTES },
      onRequest: requireSession,
      schema: {
        params: {
          type: "object",
          required: ["id", "action"],
          properties: { id: DRAWING_ID, action: { type: "string" } },
        },
      },
      schemaErrorFormatter: refuseInvalid(() => notFound("No drawing has this id; go back to the list.")),
    },
    async (request, reply) => {
      if (!sameOrigin(request)) throw refusedSignIn("That request did not come from this admin page.");
      const filter = filterOf(request.body?.filter);
      const { id } = request.params;
      const action = ADMIN_ACTIONS.find((known) => known === request.params.action);
      if (action !== undefined) await moderate(options.store, id, action, request.log);
      if (request.params.action === REMOVE_TIMELAPSE && (await removeMaking(options.store.db, id))) {
        request.log.info({ drawingId: id, action: REMOVE_TIMELAPSE }, "moderator action");
      }
      return reply.redirect(`/admin?filter=${filter}`, 303);
    },
  );
  // Names and prompts: their own pages and forms, answered as these pages are.
  await app.register(adminNamePageRoutes, options);
  await app.register(adminPromptPageRoutes, options);
}

/** The page is forgiving where a link may be stale: an unknown filter shows the newest drawings. */
function filterOf(value: string | undefined): AdminFilter {
  return ADMIN_FILTERS.find((filter) => filter === value) ?? "newest";
}
