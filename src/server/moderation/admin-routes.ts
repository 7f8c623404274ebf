import type { FastifyInstance } from "fastify";
import type { Store } from "../db/open.ts";
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
}

const MAX_FORM_BYTES = 4096;

/**
 * The admin page and API. The routes exist even when admin is off, so every one of them answers 401
 * the same way; unknown paths under both prefixes answer 401 too, so nothing there tells anyone more.
 * Nothing admin answers is cached anywhere.
 */
export async function adminRoutes(app: FastifyInstance, options: AdminRoutesOptions): Promise<void> {
  const auth: AdminAuth = createAdminAuth(options.adminToken);
  const now = options.now ?? Date.now;
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: MAX_FORM_BYTES },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  const routeOptions = { store: options.store, auth, now };
  await app.register(adminApiRoutes, routeOptions);
  await app.register(adminPageRoutes, routeOptions);
  for (const prefix of ["/admin/*", "/api/admin/*"]) {
    app.all(prefix, async (request, reply) => {
      const signedIn = auth.sessionMatches(request.headers.cookie, now());
      if (!auth.bearerMatches(request.headers.authorization) && !signedIn) throw unauthorized();
      return reply.callNotFound();
    });
  }
}
