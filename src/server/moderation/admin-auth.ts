import { createHash, createHmac, timingSafeEqual } from "node:crypto";

/** The admin session cookie's name; it holds an expiry and an HMAC of it under the token, never the token. */
const SESSION_COOKIE = "fanvas_admin";
/** A moderator signs in again after this long. */
const SESSION_SECONDS = 12 * 60 * 60;

/** Checks what a request presents against ADMIN_TOKEN; every check is false when admin is off. */
export interface AdminAuth {
  readonly enabled: boolean;
  /** A candidate token (a login form's field, or a Bearer header's credentials). */
  tokenMatches(candidate: string | undefined): boolean;
  /** `Authorization: Bearer <token>`. */
  bearerMatches(header: string | undefined): boolean;
  /** The Cookie header carries an unexpired session made with the current token. */
  sessionMatches(cookieHeader: string | undefined, nowMs: number): boolean;
  /** A new session cookie's value, valid for SESSION_SECONDS from now. */
  newSession(nowMs: number): string;
}

/** Admin auth over the configured token; undefined turns admin off. */
export function createAdminAuth(token: string | undefined): AdminAuth {
  if (token === undefined) {
    return {
      enabled: false,
      tokenMatches: () => false,
      bearerMatches: () => false,
      sessionMatches: () => false,
      newSession: () => {
        throw new Error("admin is off: no ADMIN_TOKEN is configured");
      },
    };
  }
  // Digests have one length whatever was sent, so timingSafeEqual compares in constant time.
  const tokenDigest = sha256(token);
  const sign = (expires: number) => createHmac("sha256", token).update(`fanvas-admin:${expires}`).digest();
  const tokenMatches = (candidate: string | undefined) =>
    candidate !== undefined && timingSafeEqual(sha256(candidate), tokenDigest);
  return {
    enabled: true,
    tokenMatches,
    bearerMatches: (header) => tokenMatches(/^Bearer (.+)$/i.exec(header ?? "")?.[1]?.trim()),
    sessionMatches: (cookieHeader, nowMs) => {
      const session = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(
        cookieValue(cookieHeader, SESSION_COOKIE) ?? "",
      );
      if (session === null) return false;
      const expires = Number(session[1]);
      const presented = Buffer.from(session[2] ?? "", "base64url");
      return presented.length === 32 && timingSafeEqual(presented, sign(expires)) && nowMs < expires * 1000;
    },
    newSession: (nowMs) => {
      const expires = Math.floor(nowMs / 1000) + SESSION_SECONDS;
      return `${expires}.${sign(expires).toString("base64url")}`;
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
