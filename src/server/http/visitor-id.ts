import { randomBytes } from "node:crypto";
import { parseCookie, stringifySetCookie } from "cookie";
import type { FastifyReply, FastifyRequest } from "fastify";

// What belongs to a person (their reactions) belongs to their browser, not to their network address: a home,
// a school or a phone carrier puts many people behind one address. A browser is told apart by a random id
// the server gives it in a cookie. The id only names the browser; it grants nothing, so it needs no signature:
// guessing another browser's id means guessing 128 random bits, and a made-up id is no better than the fresh
// one a cleared cookie gets. What one address can do with many ids is bounded by the per-address rules
// (visitor.ts) of each feature, never by this cookie.

/** The cookie that carries a browser's visitor id. */
export const VISITOR_ID_COOKIE = "fanvas_visitor";
/** A year: long enough to keep one's reactions, short of the 400 days browsers cap a cookie's life at. */
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** 16 random bytes in base64url: 22 characters, nothing else accepted. */
const VISITOR_ID = /^[A-Za-z0-9_-]{22}$/;

/** The visitor id the request's browser presents; undefined when it sends none or one of another shape. */
export function presentedVisitorId(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (header === undefined) return undefined;
  const id = parseCookie(header)[VISITOR_ID_COOKIE];
  return id !== undefined && VISITOR_ID.test(id) ? id : undefined;
}

/**
 * The request's browser's visitor id, given a new one when it presents none: the answer then sets the
 * cookie (HttpOnly, so no script on the page can read or send it elsewhere; SameSite=Lax, so another site's
 * request never carries it; Secure when the request came over HTTPS, directly or as a trusted proxy says).
 */
export function visitorIdFor(request: FastifyRequest, reply: FastifyReply): string {
  const presented = presentedVisitorId(request);
  if (presented !== undefined) return presented;
  const id = randomBytes(16).toString("base64url");
  reply.header(
    "set-cookie",
    stringifySetCookie({
      name: VISITOR_ID_COOKIE,
      value: id,
      path: "/",
      maxAge: MAX_AGE_SECONDS,
      httpOnly: true,
      sameSite: "lax",
      secure: request.protocol === "https",
    }),
  );
  return id;
}
