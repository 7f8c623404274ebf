import type { FastifyInstance, FastifyRequest } from "fastify";
import { HttpError } from "./errors.ts";
import { visitorKey } from "./visitor.ts";

// Upload bodies are held in memory while they arrive and are checked (a JSON body is a string, then parsed
// strings, then decoded PNGs: about three times its size). A route that takes uploads opts in with one line of
// route config, `uploadBytes: <its body limit>`, and then the bytes its requests may bring are reserved when
// their headers arrive (Content-Length, or the whole limit when the client does not say) and released when the
// answer is sent or the client goes away. Past the process's budget a request is answered 503, past one
// visitor's share 429, before a byte of its body is read; the process keeps serving everyone else.

declare module "fastify" {
  interface FastifyContextConfig {
    /** This route takes uploads of at most this many bytes: their bytes in flight are bounded. */
    readonly uploadBytes?: number;
  }
}

/** How many upload bytes may be in flight. */
export interface UploadBudgetOptions {
  /** In the whole process. */
  readonly maxBytes: number;
  /** Of one visitor (IPv4 address, IPv6 /64). */
  readonly maxBytesPerVisitor: number;
}

/**
 * 64 MiB of bodies (some 200 MB of memory at worst) in the process: 500 real drawings (~120 KB) at once, or 8
 * of the largest PostgREST inserts. 16 MiB per visitor: two of those, so a few clients never take it all.
 */
export const DEFAULT_UPLOAD_BUDGET: UploadBudgetOptions = {
  maxBytes: 64 * 2 ** 20,
  maxBytesPerVisitor: 16 * 2 ** 20,
};

const RETRY_AFTER_SECONDS = "2";

/** The app-wide hook that reserves and releases each upload's bytes. */
export async function uploadBudget(app: FastifyInstance, options: UploadBudgetOptions): Promise<void> {
  let inFlight = 0;
  const perVisitor = new Map<string, number>();
  app.addHook("onRequest", async (request, reply) => {
    const limit = request.routeOptions.config.uploadBytes;
    if (limit === undefined) return;
    const bytes = Math.min(declaredBytes(request) ?? limit, limit);
    const visitor = visitorKey(request);
    const held = perVisitor.get(visitor) ?? 0;
    if (held + bytes > options.maxBytesPerVisitor) throw visitorBusy();
    if (inFlight + bytes > options.maxBytes) throw serverBusy();
    inFlight += bytes;
    perVisitor.set(visitor, held + bytes);
    // "close" comes once per response, answered or cut by the client.
    reply.raw.once("close", () => {
      inFlight -= bytes;
      const left = (perVisitor.get(visitor) ?? bytes) - bytes;
      if (left <= 0) perVisitor.delete(visitor);
      else perVisitor.set(visitor, left);
    });
  });
}

/** The Content-Length the client declared; undefined when it sends the body chunked (or says nothing). */
function declaredBytes(request: FastifyRequest): number | undefined {
  const length = Number(request.headers["content-length"]);
  return Number.isSafeInteger(length) && length >= 0 ? length : undefined;
}

/** A refusal for now: the client may send the same upload again after Retry-After. */
function notNow(statusCode: 429 | 503, code: string, message: string): HttpError {
  return new HttpError(statusCode, code, message, { headers: { "retry-after": RETRY_AFTER_SECONDS } });
}

const visitorBusy = () =>
  notNow(
    429,
    "uploads_in_flight",
    "This address already has as many uploads on their way as it may; wait for them to finish, then send this one again.",
  );
const serverBusy = () =>
  notNow(
    503,
    "busy",
    "The server is receiving as many uploads as it can hold right now; send this one again in a moment.",
  );
