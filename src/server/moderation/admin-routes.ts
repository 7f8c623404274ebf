import type { FastifyInstance } from "fastify";
import { adminNameApiRoutes } from "../credit/admin-name-routes.ts";
import type { Store } from "../db/open.ts";
import { HttpError } from "../http/errors.ts";
import { fixedWindowLimit } from "../http/fixed-window-limit.ts";
import { adminPromptApiRoutes } from "../prompts/admin-prompt-routes.ts";
import { adminApiRoutes } from "./admin-api-routes.ts";
import { type AdminAuth, createAdminAuth } from "./admin-auth.ts";
import { unauthorized } from "./admin-guard.ts";
import { adminPageRoutes } from "./admin-page-routes.ts";

/** Options of everything under /admin and /api/admin. */
export interface AdminRoutesOptions {
  readonly store: Store;
  /** ADMIN_TOKEN; undefined turns admin off, and every admin route answers 401. */
  readonly adminToken: string | undefined;
  /** The clock, in milliseconds; tests of session expiry pass their own. */
  readonly now?: () => number;
  /** The community's title (branding), which the admin pages carry. */
  readonly title: string;
}

const MAX_FORM_BYTES = 4096;
/**
 * Failed sign-ins (a wrong token in the form or a Bearer header) one visitor may make per window before
 * every admin route answers it 429, the right token included. A real token is never guessed; this keeps
 * anyone from trying thousands a second, and the moderator's own typo costs one of ten.
 */
const SIGN_IN_FAILURES = { limit: 10, windowSeconds: 15 * 60 };

/**
 * The admin page and API. The routes exist even when admin is off, so every one of them answers 401
 * the same way; unknown paths under both prefixes answer 401 too, so nothing there tells anyone more.
 * Nothing admin answers is cached anywhere. Failed sign-ins are throttled per visitor (SIGN_IN_FAILURES).
 */
export async function adminRoutes(app: FastifyInstance, options: AdminRoutesOptions): Promise<void> {
  const auth: AdminAuth = createAdminAuth(options.adminToken, options.store.db);
  const now = options.now ?? Date.now;
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });
  const failures = fixedWindowLimit({ ...SIGN_IN_FAILURES, now }, "failed sign-ins");
  app.addHook("onRequest", async (request) => failures.refuseIfSpent(request));
  app.addHook("onError", async (request, _reply, error) => {
    const presentedToken =
      request.headers.authorization !== undefined || request.routeOptions.url === "/admin/login";
    if (error instanceof HttpError && error.statusCode === 401 && presentedToken) failures.record(request);
  });
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: MAX_FORM_BYTES },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  const routeOptions = { store: options.store, auth, now };
  await app.register(adminApiRoutes, routeOptions);
  const titled = { ...routeOptions, title: options.title };
  await app.register(adminNameApiRoutes, titled);
  await app.register(adminPromptApiRoutes, titled);
  await app.register(adminPageRoutes, { ...routeOptions, title: options.title });
  for (const prefix of ["/admin/*", "/api/admin/*"]) {
    app.all(prefix, async (request, reply) => {
      const signedIn = await auth.sessionMatches(request.headers.cookie, now());
      if (!auth.bearerMatches(request.headers.authorization) && !signedIn) throw unauthorized();
      return reply.callNotFound();
    });
  }
}
