import type { FastifyReply, FastifyRequest } from "fastify";
import { sendApiError } from "../http/errors.ts";
import type { AdminAuth } from "./admin-auth.ts";

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>;

/** The one 401 of the admin API: the same whether admin is off, the token is missing or it is wrong. */
export function sendUnauthorized(reply: FastifyReply): FastifyReply {
  reply.header("www-authenticate", 'Bearer realm="fanvas-admin"');
  return sendApiError(reply, {
    statusCode: 401,
    code: "unauthorized",
    message: "Admin needs the ADMIN_TOKEN: send Authorization: Bearer <token>, or sign in at /admin.",
  });
}

/** onRequest hook: only `Authorization: Bearer <ADMIN_TOKEN>` passes (before any body is read). */
export function requireBearer(auth: AdminAuth): Hook {
  return async (request, reply) =>
    auth.bearerMatches(request.headers.authorization) ? undefined : sendUnauthorized(reply);
}

/** onRequest hook: a Bearer token or a signed-in moderator's session cookie passes (reads only). */
export function requireBearerOrSession(auth: AdminAuth, now: () => number): Hook {
  return async (request, reply) =>
    auth.bearerMatches(request.headers.authorization) || auth.sessionMatches(request.headers.cookie, now())
      ? undefined
      : sendUnauthorized(reply);
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
