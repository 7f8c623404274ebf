import fastifyCookie from "@fastify/cookie";
import fastifyFormbody from "@fastify/formbody";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { adminNameApiRoutes } from "../credit/admin-name-routes.ts";
import type { Store } from "../db/open.ts";
import { fixedWindowLimit } from "../http/fixed-window-limit.ts";
import { adminPromptApiRoutes } from "../prompts/admin-prompt-routes.ts";
import { adminRoomApiRoutes } from "../rooms/admin-room-routes.ts";
import { adminApiRoutes } from "./admin-api-routes.ts";
import { type AdminAuth, createAdminAuth, sessionSigner } from "./admin-auth.ts";
import { unauthorized } from "./admin-guard.ts";
import { adminPageRoutes, MAX_FORM_BYTES } from "./admin-page-routes.ts";
import type { AdminTimelapse } from "./admin-timelapse-page.ts";

/** Options of everything under /admin and /api/admin. */
export interface AdminRoutesOptions {
  readonly store: Store;
  /** ADMIN_TOKEN; undefined turns admin off, and every admin route answers 401. */
  readonly adminToken: string | undefined;
  /** The clock, in milliseconds; tests of session expiry pass their own. */
  readonly now?: () => number;
  /** The community's title (branding), which the admin pages carry. */
  readonly title: string;
  /** What the moderators' timelapse view needs (admin-timelapse-html.ts). */
  readonly timelapse?: AdminTimelapse;
}

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
  // The session cookie, parsed for the admin routes only, signed and checked with the session's signer.
  await app.register(fastifyCookie, { secret: sessionSigner(options.adminToken) });
  app.addHook("onSend", async (_request, reply) => {
    reply.header("cache-control", "no-store");
  });
  const failures = fixedWindowLimit({ ...SIGN_IN_FAILURES, now }, "failed sign-ins");
  // An attempt counts from the moment its headers arrive, before its token is checked (the form's body may
  // come much later), so attempts in flight count too and the eleventh at once is refused. Only a refused token
  // keeps its count: every other answer gives it back.
  const attempts = new WeakSet<FastifyRequest>();
  app.addHook("onRequest", async (request) => {
    const presentsToken =
      request.headers.authorization !== undefined || request.routeOptions.url === "/admin/login";
    if (!presentsToken) return failures.refuseIfSpent(request);
    attempts.add(request);
    failures.charge(request);
  });
  app.addHook("onResponse", async (request, reply) => {
    if (attempts.has(request) && reply.statusCode !== 401) failures.refund(request);
  });
  // The sign-in and the page's forms: a form or JSON of a few hundred bytes (their routes declare bodyBytes).
  app.removeContentTypeParser(["application/json", "text/plain"]);
  app.addContentTypeParser(
    "application/json",
    { parseAs: "string", bodyLimit: MAX_FORM_BYTES },
    app.getDefaultJsonParser("error", "error"),
  );
  await app.register(fastifyFormbody, { bodyLimit: MAX_FORM_BYTES });
  const routeOptions = { store: options.store, auth, now };
  await app.register(adminApiRoutes, routeOptions);
  const titled = { ...routeOptions, title: options.title };
  await app.register(adminNameApiRoutes, titled);
  await app.register(adminPromptApiRoutes, titled);
  await app.register(adminRoomApiRoutes, { rooms: app.rooms, auth });
  await app.register(adminPageRoutes, { ...titled, timelapse: options.timelapse, rooms: app.rooms });
  // Checked from the headers, before any body: these addresses take none.
  const signedInOrBearer = async (request: FastifyRequest) => {
    if (auth.bearerMatches(request.headers.authorization)) return;
    if (!(await auth.sessionMatches(request, now()))) throw unauthorized();
  };
  for (const prefix of ["/admin/*", "/api/admin/*"]) {
    app.all(prefix, { onRequest: signedInOrBearer }, async (_request, reply) => reply.callNotFound());
  }
}
