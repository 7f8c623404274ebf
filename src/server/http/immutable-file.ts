import type { FastifyReply, FastifyRequest } from "fastify";

/** A drawing's pixels never change (re-encoding keeps them identical), so caches may keep its files a year. */
const IMMUTABLE = "public, max-age=31536000, immutable";

/** A stored file whose content never changes for its address: a drawing's PNG or its thumbnail. */
export interface ImmutableFile {
  readonly bytes: Buffer;
  /** Strong ETag, quoted. */
  readonly etag: string;
  readonly type: "image/png" | "image/webp";
}

/**
 * Sends the file with its ETag and a year's caching, or 304 when the client already holds these bytes.
 * nosniff is set here too, not only by the app-wide plugin, because these bytes are what visitors uploaded.
 */
export function sendImmutableFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: ImmutableFile,
): FastifyReply {
  reply.header("ETag", file.etag).header("Cache-Control", IMMUTABLE);
  if (isFreshFor(request.headers["if-none-match"], file.etag)) return reply.code(304).send();
  // A Buffer is sent as it is: no serialiser runs for it.
  return reply.header("X-Content-Type-Options", "nosniff").type(file.type).send(file.bytes);
}

/** True when If-None-Match names this strong ETag (or "*"); weak comparison, as RFC 9110 asks for GET. */
function isFreshFor(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch.split(",").some((candidate) => {
    const tag = candidate.trim();
    return tag === "*" || tag.replace(/^W\//, "") === etag;
  });
}
