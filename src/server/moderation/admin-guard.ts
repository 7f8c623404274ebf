import type { FastifyRequest } from "fastify";
import { HttpError } from "../http/errors.ts";
import type { AdminAuth } from "./admin-auth.ts";

type Hook = (request: FastifyRequest) => Promise<void>;

/** The one 401 of the admin API: the same whether admin is off, the token is missing or it is wrong. */
export function unauthorized(): HttpError {
  return new HttpError(
    401,
    "unauthorized",
    "Admin needs the ADMIN_TOKEN: send Authorization: Bearer <token>, or sign in at /admin.",
    { headers: { "www-authenticate": 'Bearer realm="fanvas-admin"' } },
  );
}

/** onRequest hook: only `Authorization: Bearer <ADMIN_TOKEN>` passes (before any body is read). */
export function requireBearer(auth: AdminAuth): Hook {
  return async (request) => {
    if (!auth.bearerMatches(request.headers.authorization)) throw unauthorized();
  };
}

/** onRequest hook: a Bearer token or a signed-in moderator's session cookie passes (reads only). */
export function requireBearerOrSession(auth: AdminAuth, now: () => number): Hook {
  return async (request) => {
    if (auth.bearerMatches(request.headers.authorization)) return;
    if (!(await auth.sessionMatches(request, now()))) throw unauthorized();
  };
}

/** The origin this request was addressed to, as a browser would write it in the Origin header. */
function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * A cookie-authenticated POST must come from our own page: SameSite=Strict already keeps the cookie off
 * cross-site requests, and the Origin check refuses what an old browser or a same-site attacker sends.
 */
export function sameOrigin(request: FastifyRequest): boolean {
  return request.headers.origin === ownOrigin(request);
}

/**
 * onRequest hook of the admin page's own sections: a signed-in moderator's session passes, and a form (POST)
 * only from the admin page itself. Its refusals are 401s the page's scope answers with the sign-in form.
 */
export function requireAdminPageSession(auth: AdminAuth, now: () => number): Hook {
  return async (request) => {
    if (!(await auth.sessionMatches(request, now()))) {
      throw new HttpError(401, "signed_out", "Sign in with the admin token.");
    }
    if (request.method === "POST" && !sameOrigin(request)) {
      throw new HttpError(401, "unauthorized", "That request did not come from this admin page.");
    }
  };
}
