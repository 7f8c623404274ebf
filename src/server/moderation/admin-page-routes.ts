import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Store } from "../db/open.ts";
import { type AdminAuth, sessionCookie } from "./admin-auth.ts";
import { sameOrigin } from "./admin-guard.ts";
import { listPage, loginPage } from "./admin-page-html.ts";
import {
  ADMIN_ACTIONS,
  ADMIN_FILTERS,
  type AdminAction,
  type AdminFilter,
  listForAdmin,
} from "./admin-queries.ts";
import type { ModerationEvents } from "./events.ts";
import { moderate } from "./moderate.ts";

/** Options of the admin page. */
export interface AdminPageOptions {
  readonly store: Store;
  readonly auth: AdminAuth;
  readonly events: ModerationEvents;
  readonly now: () => number;
}

const LIST_LIMIT = 100;
const ADMIN_OFF = "Admin is off on this server: its operator has not set ADMIN_TOKEN.";

/**
 * GET /admin (the list, or the sign-in form with 401), POST /admin/login, POST /admin/logout and
 * POST /admin/drawings/<id>/hide|restore|delete, each answering with a redirect back to the list.
 */
export async function adminPageRoutes(app: FastifyInstance, options: AdminPageOptions): Promise<void> {
  const { auth, now } = options;
  const signedIn = (request: FastifyRequest) => auth.sessionMatches(request.headers.cookie, now());
  const sendLogin = (reply: FastifyReply, problem: string | undefined) =>
    reply
      .code(401)
      .type("text/html; charset=utf-8")
      .send(loginPage(auth.enabled ? problem : ADMIN_OFF));

  app.get<{ Querystring: { filter?: string } }>("/admin", async (request, reply) => {
    if (!signedIn(request)) return sendLogin(reply, undefined);
    const filter = filterOf(request.query.filter);
    const drawings = await listForAdmin(options.store.db, filter, LIST_LIMIT);
    return reply.type("text/html; charset=utf-8").send(listPage(filter, drawings));
  });

  app.post<{ Body: Record<string, string> | undefined }>("/admin/login", async (request, reply) => {
    if (!sameOrigin(request) || !auth.tokenMatches(request.body?.token)) {
      return sendLogin(reply, "That token is not right.");
    }
    const secure = request.protocol === "https";
    return reply.header("set-cookie", sessionCookie(auth.newSession(now()), secure)).redirect("/admin", 303);
  });

  app.post("/admin/logout", async (request, reply) => {
    if (!signedIn(request) || !sameOrigin(request)) return sendLogin(reply, undefined);
    return reply
      .header("set-cookie", sessionCookie("", request.protocol === "https", 0))
      .redirect("/admin", 303);
  });

  app.post<{ Params: { id: string; action: string }; Body: Record<string, string> | undefined }>(
    "/admin/drawings/:id/:action",
    async (request, reply) => {
      if (!signedIn(request)) return sendLogin(reply, undefined);
      if (!sameOrigin(request)) return sendLogin(reply, "That request did not come from this admin page.");
      const filter = filterOf(request.body?.filter);
      const action = ADMIN_ACTIONS.find((known) => known === request.params.action);
      if (action !== undefined) {
        await moderate(
          options.store.db,
          options.events,
          request.params.id,
          action satisfies AdminAction,
          request.log,
        );
      }
      return reply.redirect(`/admin?filter=${filter}`, 303);
    },
  );
}

function filterOf(value: string | undefined): AdminFilter {
  return ADMIN_FILTERS.find((filter) => filter === value) ?? "newest";
}
