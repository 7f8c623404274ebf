import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { forgetSession, recordSession, sessionExpiry } from "./admin-session-queries.ts";

/**
 * The admin session cookie's name. It holds a random session id and an HMAC of it under the token, never the
 * token: the signature refuses a forged cookie without a query, the admin_sessions row (by the id's hash)
 * lets signing out end the session in every process, and a new ADMIN_TOKEN ends every session at once.
 */
const SESSION_COOKIE = "fanvas_admin";
/** A moderator signs in again after this long. */
const SESSION_SECONDS = 12 * 60 * 60;
const SESSION = /^([A-Za-z0-9_-]{43})\.([A-Za-z0-9_-]{43})$/;

/** Checks what a request presents against ADMIN_TOKEN; every check is false when admin is off. */
export interface AdminAuth {
  readonly enabled: boolean;
  /** A candidate token (a login form's field, or a Bearer header's credentials). */
  tokenMatches(candidate: string | undefined): boolean;
  /** `Authorization: Bearer <token>`. */
  bearerMatches(header: string | undefined): boolean;
  /** The Cookie header carries a session signed in with the current token, not signed out and not expired. */
  sessionMatches(cookieHeader: string | undefined, nowMs: number): Promise<boolean>;
  /** Starts a session valid for SESSION_SECONDS; resolves with its cookie's value. */
  newSession(nowMs: number): Promise<string>;
  /** Ends the session the Cookie header carries, if any, for good. */
  endSession(cookieHeader: string | undefined): Promise<void>;
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
  const sign = (id: string) => createHmac("sha256", token).update(`fanvas-admin-session:${id}`).digest();
  const tokenMatches = (candidate: string | undefined) =>
    candidate !== undefined && timingSafeEqual(sha256(candidate), tokenDigest);
  /** The id of a session cookie signed with this token; undefined for anything else. */
  const signedId = (cookieHeader: string | undefined): string | undefined => {
    const session = SESSION.exec(cookieValue(cookieHeader, SESSION_COOKIE) ?? "");
    if (session === null) return undefined;
    const [, id = "", signature = ""] = session;
    const presented = Buffer.from(signature, "base64url");
    return presented.length === 32 && timingSafeEqual(presented, sign(id)) ? id : undefined;
  };
  const idHash = (id: string) => sha256(id).toString("hex");
  return {
    enabled: true,
    tokenMatches,
    bearerMatches: (header) => tokenMatches(/^Bearer (.+)$/i.exec(header ?? "")?.[1]?.trim()),
    sessionMatches: async (cookieHeader, nowMs) => {
      const id = signedId(cookieHeader);
      if (id === undefined) return false;
      const expires = await sessionExpiry(db, idHash(id));
      return expires !== undefined && nowMs < expires;
    },
    newSession: async (nowMs) => {
      const id = randomBytes(32).toString("base64url");
      await recordSession(db, idHash(id), new Date(nowMs + SESSION_SECONDS * 1000), new Date(nowMs));
      return `${id}.${sign(id).toString("base64url")}`;
    },
    endSession: async (cookieHeader) => {
      const id = signedId(cookieHeader);
      if (id !== undefined) await forgetSession(db, idHash(id));
    },
  };
}

function sha256(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

/** One cookie's value from a Cookie header, undefined when it is absent. */
function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const separator = part.indexOf("=");
    if (separator > 0 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return undefined;
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
