import { createHmac } from "node:crypto";
import type { FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { visitorKey } from "../http/visitor.ts";
import { reporterSalt } from "./report-queries.ts";

/** A request's visitor as the store keeps them: an HMAC of the visitor key, never the address. */
export type VisitorHasher = (request: FastifyRequest) => Promise<string>;

/** An HMAC of a text under the database's salt: what the store keeps instead of an address or an id. */
export type SaltedHasher = (text: string) => Promise<string>;

/**
 * Hashes texts under the database's salt, the same in every process on it. The salt is read once; a failed
 * read is forgotten, so one database hiccup does not refuse every later request.
 */
export function saltedHasher(db: Kysely<Database>): SaltedHasher {
  let salt: Promise<string> | undefined;
  return async (text) => {
    salt ??= reporterSalt(db).catch((error: unknown) => {
      salt = undefined;
      throw error;
    });
    return createHmac("sha256", await salt)
      .update(text)
      .digest("base64url");
  };
}

/**
 * Hashes visitors (visitorKey: the IPv4 address or the IPv6 /64) under the database's salt, for the rules that
 * remember an address in the store: one report per visitor and drawing, and how many browsers of one address
 * a drawing's reactions count.
 */
export function visitorHasher(db: Kysely<Database>): VisitorHasher {
  const hash = saltedHasher(db);
  return (request) => hash(visitorKey(request));
}

/**
 * The store's name for a browser's visitor id (http/visitor-id.ts): a salted hash, so a copy of the database
 * names no cookie that could act as its browser. The prefix keeps it apart from every address's hash.
 */
export function browserHash(hash: SaltedHasher, visitorId: string): Promise<string> {
  return hash(`browser:${visitorId}`);
}
