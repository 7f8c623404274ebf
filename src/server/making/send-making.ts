import type { FastifyReply, FastifyRequest } from "fastify";
import { encodedLog, isGzipped } from "./gzip-making.ts";
import type { StoredMaking } from "./making-queries.ts";

/** How a stored making goes out: the bytes, their ETag, and the Content-Encoding when they are sent gzipped. */
export interface MakingAnswer {
  readonly bytes: Buffer;
  /** Strong ETag, quoted: each representation its own (RFC 9110 8.8.3). */
  readonly etag: string;
  readonly encoding: "gzip" | undefined;
  /** Whether the answer depends on Accept-Encoding (a gzipped log is inflated for a client that takes no gzip). */
  readonly varies: boolean;
}

/**
 * What to send of a stored making to this request: a log stored gzipped goes as it is, with Content-Encoding:
 * gzip, to every client that accepts gzip (every browser), and is inflated (bounded: making/gzip-making.ts) for
 * one that does not; a log stored uncompressed goes as it is.
 */
export function makingAnswer(request: FastifyRequest, making: StoredMaking): MakingAnswer {
  const tag = making.sha256.slice(0, 32);
  if (!isGzipped(making.bytes)) {
    return { bytes: making.bytes, etag: `"${tag}"`, encoding: undefined, varies: false };
  }
  if (acceptsGzip(request.headers["accept-encoding"])) {
    return { bytes: making.bytes, etag: `"${tag}"`, encoding: "gzip", varies: true };
  }
  return {
    bytes: Buffer.from(encodedLog(making.bytes)),
    etag: `"${tag}-log"`,
    encoding: undefined,
    varies: true,
  };
}

/** Sets the headers of `answer` that say how its bytes are encoded. */
export function encodingHeaders(reply: FastifyReply, answer: MakingAnswer): FastifyReply {
  if (answer.varies) reply.header("Vary", "Accept-Encoding");
  if (answer.encoding !== undefined) reply.header("Content-Encoding", answer.encoding);
  return reply;
}

/** Whether an Accept-Encoding header takes gzip (named, or "*", with a q above 0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (header === undefined) return false;
  return header.split(",").some((entry) => {
    const [name = "", ...parameters] = entry.split(";").map((part) => part.trim().toLowerCase());
    if (name !== "gzip" && name !== "x-gzip" && name !== "*") return false;
    const q = parameters.find((parameter) => parameter.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}
