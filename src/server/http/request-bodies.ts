import type { FastifyInstance, FastifyRequest } from "fastify";
import { HttpError, nothingAt } from "./errors.ts";

// A body costs memory and time while it arrives and is parsed, so a route reads one only if it declares one,
// with a limit of its own: one line of route config, `bodyBytes: <its limit>` (and a content-type parser within
// that limit). The upload budget (upload-budget.ts) counts every declared body before a byte of it is buffered.
// Everything else is refused before its body is read: an unknown address answers 404 and a route that takes no
// body 413; and any answer sent before the body arrived closes the connection, so the rest of it is never read.

declare module "fastify" {
  interface FastifyContextConfig {
    /** This route takes a body of at most this many bytes; a route without it takes none. */
    readonly bodyBytes?: number;
  }
}

/**
 * What Fastify reads for a route that declares no limit of its own. No route leans on it (each declares
 * bodyBytes and parses within it); it only bounds what a parser without a limit could read.
 */
export const DEFAULT_BODY_LIMIT = 4096;

/** True when the request comes with a body: a Content-Length above 0, or a chunked one. */
export function carriesBody(request: FastifyRequest): boolean {
  const length = request.headers["content-length"];
  return request.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

/** The app-wide hooks: undeclared bodies refused unread, and unread bodies never read after the answer. */
export async function requestBodies(app: FastifyInstance): Promise<void> {
  // preParsing: after every onRequest hook (the route's own refusals, such as a 401, come first).
  app.addHook("preParsing", async (request, _reply, payload) => {
    if (request.routeOptions.config.bodyBytes !== undefined || !carriesBody(request)) return payload;
    throw request.is404 ? nothingAt(request) : unexpectedBody(request);
  });
  app.addHook("onSend", async (request, reply, payload) => {
    // Node would otherwise read the rest of the body (and throw it away) to keep the connection open.
    if (carriesBody(request) && !request.raw.complete) reply.header("connection", "close");
    return payload;
  });
}

function unexpectedBody(request: FastifyRequest): HttpError {
  return new HttpError(
    413,
    "unexpected_body",
    `${request.method} ${request.routeOptions.url ?? "this address"} takes no body; send the request without one.`,
  );
}
