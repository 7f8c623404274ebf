import { createHmac } from "node:crypto";
import type { FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { visitorKey } from "../http/visitor.ts";
import { reporterSalt } from "./report-queries.ts";

/** A request's visitor as the store keeps them: an HMAC of the visitor key, never the address. */
export type VisitorHasher = (request: FastifyRequest) => Promise<string>;

/**
 * Hashes visitors (visitorKey: the IPv4 address or the IPv6 /64) under the database's salt, the same in every
 * process on it, for the rules that remember a visitor in the store: one report, and one reaction of each
 * kind, per visitor and drawing. The salt is read once; a failed read is forgotten, so one database hiccup
 * does not refuse every later request.
 */
export function visitorHasher(db: Kysely<Database>): VisitorHasher {
  let salt: Promise<string> | undefined;
  return async (request) => {
    salt ??= reporterSalt(db).catch((error: unknown) => {
      salt = undefined;
      throw error;
    });
    return createHmac("sha256", await salt)
      .update(visitorKey(request))
      .digest("base64url");
  };
}
