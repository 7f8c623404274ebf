import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { UnsignResult } from "@fastify/cookie";
import type { FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { forgetSession, recordSession, sessionExpiry } from "./admin-session-queries.ts";

/**
 * The admin session cookie's name. It holds a random session id and an HMAC of it under the token, never the
 * token: the signature refuses a forged cookie without a query, the admin_sessions row (by the id's hash)
 * lets signing out end the session in every process, and a new ADMIN_TOKEN ends every session at once.
 * @fastify/cookie parses the Cookie header and signs and checks the value through sessionSigner.
 */
export const SESSION_COOKIE = "fanvas_admin";
/** A moderator signs in again after this long. */
const SESSION_SECONDS = 12 * 60 * 60;
const SESSION = /^([A-Za-z0-9_-]{43})\.([A-Za-z0-9_-]{43})$/;

/** What @fastify/cookie signs and checks cookies with (its `secret` option takes this shape). */
export interface CookieSigner {
  sign(value: string): string;
  unsign(signed: string): UnsignResult;
}

const INVALID: UnsignResult = { valid: false, renew: false, value: null };

/**
 * The session cookie's signer for @fastify/cookie: `<id>.<HMAC-SHA256 of the id under ADMIN_TOKEN>`, both
 * base64url, as sessions have always been signed. @fastify/cookie's own signer writes standard base64, whose
 * "+" and "/" a cookie must percent-encode, and would end every signed-in session when the server is upgraded.
 * Admin off (no token): nothing is signed and nothing passes.
 */
export function sessionSigner(token: string | undefined): CookieSigner {
  const hmac = (id: string) =>
    createHmac("sha256", token ?? "")
      .update(`fanvas-admin-session:${id}`)
      .digest();
  return {
    sign: (id) => {
      if (token === undefined) throw new Error("admin is off: no ADMIN_TOKEN is configured");
      return `${id}.${hmac(id).toString("base64url")}`;
    },
    unsign: (signed) => {
      const session = SESSION.exec(signed);
      if (token === undefined || session === null) return INVALID;
      const [, id = "", signature = ""] = session;
      const presented = Buffer.from(signature, "base64url");
      const valid = presented.length === 32 && timingSafeEqual(presented, hmac(id));
      return valid ? { valid, renew: false, value: id } : INVALID;
    },
  };
}

/** The session id of the request's admin cookie when its signature holds; undefined for anything else. */
function signedSessionId(request: FastifyRequest): string | undefined {
  const value = request.cookies?.[SESSION_COOKIE];
  if (value === undefined) return undefined;
  const checked = request.unsignCookie(value);
  return checked.valid ? checked.value : undefined;
}

/** Checks what a request presents against ADMIN_TOKEN; every check is false when admin is off. */
export interface AdminAuth {
  readonly enabled: boolean;
  /** A candidate token (a login form's field, or a Bearer header's credentials). */
  tokenMatches(candidate: string | undefined): boolean;
  /** `Authorization: Bearer <token>`. */
  bearerMatches(header: string | undefined): boolean;
  /** The request's cookie carries a session signed in with the current token, not signed out and not expired. */
  sessionMatches(request: FastifyRequest, nowMs: number): Promise<boolean>;
  /** Starts a session valid for SESSION_SECONDS; resolves with its id (the cookie's value, signed). */
  newSession(nowMs: number): Promise<string>;
  /** Ends the session the request's cookie carries, if any, for good. */
  endSession(request: FastifyRequest): Promise<void>;
}

/** Admin auth over the configured token and the store's sessions; an undefined token turns admin off. */
export function createAdminAuth(token: string | undefined, db: Kysely<Database>): AdminAuth {
  if (token === undefined) {
    return {
      enabled: false,
      tokenMatches: () => false,
      bearerMatches: () => false,
      sessionMatches: async () => false,
      newSession: () => Promise.reject(new Error("admin is off: no ADMIN_TOKEN is configured")),
      endSession: async () => {},
    };
  }
  // Digests have one length whatever was sent, so timingSafeEqual compares in constant time.
  const tokenDigest = sha256(token);
  const tokenMatches = (candidate: string | undefined) =>
    candidate !== undefined && timingSafeEqual(sha256(candidate), tokenDigest);
  const idHash = (id: string) => sha256(id).toString("hex");
  return {
    enabled: true,
    tokenMatches,
    bearerMatches: (header) => tokenMatches(/^Bearer (.+)$/i.exec(header ?? "")?.[1]?.trim()),
    sessionMatches: async (request, nowMs) => {
      const id = signedSessionId(request);
      if (id === undefined) return false;
      const expires = await sessionExpiry(db, idHash(id));
      return expires !== undefined && nowMs < expires;
    },
    newSession: async (nowMs) => {
      const id = randomBytes(32).toString("base64url");
      await recordSession(db, idHash(id), new Date(nowMs + SESSION_SECONDS * 1000), new Date(nowMs));
      return id;
    },
    endSession: async (request) => {
      const id = signedSessionId(request);
      if (id !== undefined) await forgetSession(db, idHash(id));
    },
  };
}

function sha256(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

/** The Set-Cookie header of a session; Secure when the request came over https (directly or via a trusted proxy). */
export function sessionCookie(value: string, secure: boolean, maxAgeSeconds = SESSION_SECONDS): string {
  const attributes = [
    `${SESSION_COOKIE}=${value}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Strict",
    `Max-Age=${maxAgeSeconds}`,
  ];
  if (secure) attributes.push("Secure");
  return attributes.join("; ");
}
