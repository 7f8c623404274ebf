import type { FastifyReply, FastifyRequest } from "fastify";
import { Type } from "typebox";
import type { MAKING_TYPE } from "../../common/save-bundle.ts";
import { errorResponses, type HttpError } from "./errors.ts";
import { DRAWING_ID, refuseInvalid } from "./validation.ts";

/**
 * How long a browser or a shared cache (nginx, a CDN) may keep a drawing's PNG, thumbnail or card without asking
 * again. A moderator may hide or delete a drawing at any time: a proxy keeps it at most this long, and a
 * browser that got it from the proxy just before then at most this long again, so a hide or delete takes
 * effect everywhere within twice this, 10 minutes (README). Asking again is cheap: an ETag revalidation
 * answers 304 without a body while the drawing is visible, and 404 once it is not.
 */
export const DRAWING_FILE_MAX_AGE_SECONDS = 300;
const DRAWING_FILE_CACHING = `public, max-age=${DRAWING_FILE_MAX_AGE_SECONDS}`;

/** The route parameters of one drawing's file. */
export const drawingIdParams = Type.Object({ id: DRAWING_ID });
/** A drawing file's answers: the bytes, a revalidation, the PNG instead while its visitor is busy, or an error. */
export const drawingFileResponses = (description: string) =>
  ({
    200: { description, type: "string" },
    304: { description: "Not modified", type: "null" },
    307: {
      description: "The full PNG instead (this visitor has images being made already)",
      type: "null",
    },
    ...errorResponses,
  }) as const;

/** A stored file a moderator may take down: a drawing's PNG, its thumbnail, its link card or its making. */
export interface DrawingFile {
  readonly bytes: Buffer;
  /** Strong ETag, quoted. */
  readonly etag: string;
  readonly type: "image/png" | "image/webp" | typeof MAKING_TYPE;
}

/**
 * Sends the file with its ETag and bounded caching, or 304 when the client already holds these bytes; the
 * caller has checked that the drawing is still public. nosniff is set here too, not only by the app-wide
 * plugin, because these bytes are what visitors uploaded.
 */
export function sendDrawingFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: DrawingFile,
): FastifyReply {
  reply.header("ETag", file.etag).header("Cache-Control", DRAWING_FILE_CACHING);
  // Drawings are meant to be shared: another site may show one in an <img> (every other answer is same-origin).
  reply.header("Cross-Origin-Resource-Policy", "cross-origin");
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

/** A drawing file's route options: the id as its parameter, its answers, and `refusal` for an id that is none. */
export function drawingFileRoute(description: string, refusal: () => HttpError) {
  return {
    schema: { params: drawingIdParams, response: drawingFileResponses(description) },
    schemaErrorFormatter: refuseInvalid(refusal),
  };
}
