import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { type FastifyInstance, type FastifyServerOptions, LogController } from "fastify";

/** The header a proxy or client may set to follow one request through every log; echoed on the answer. */
const REQUEST_ID_HEADER = "x-request-id";
/** Ids from outside are kept only when short and plain, so nobody writes odd text into our logs. */
const VALID_REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/** Header values that must never reach a log line, whatever logs a request object later. */
const SECRET_HEADERS = ["authorization", "apikey", "cookie", "set-cookie", "x-api-key", "idempotency-key"];

/** Fastify options for request ids and logging: one line per request, written by requestLog below. */
export function requestLoggingOptions(): Pick<
  FastifyServerOptions,
  "genReqId" | "requestIdHeader" | "logController"
> {
  return {
    requestIdHeader: false,
    genReqId: (request: IncomingMessage) => {
      const given = request.headers[REQUEST_ID_HEADER];
      return typeof given === "string" && VALID_REQUEST_ID.test(given) ? given : randomUUID();
    },
    // Fastify's own two lines per request carry the full URL; requestLog's carry neither it nor headers.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: "requestId" }),
  };
}

/** Pino options for production: JSON lines on the stream, secrets redacted wherever they appear. */
export function loggerOptions(level: string, stream: NodeJS.WritableStream): FastifyServerOptions["logger"] {
  const paths = SECRET_HEADERS.flatMap((name) => [`req.headers["${name}"]`, `headers["${name}"]`]);
  return { level, stream, redact: { paths, censor: "[redacted]" } };
}

/**
 * Echoes the request id on every answer and logs a line when a request comes in and one when its
 * answer is sent: route, method, path without its query (which may carry keys), status and duration.
 * Never the body, never a header.
 */
export async function requestLog(app: FastifyInstance): Promise<void> {
  app.addHook("onRequest", async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    // A line at the start too, so a request that never finishes (a stuck upload) still shows up.
    request.log.info({ method: request.method, url: pathOf(request.url) }, "incoming request");
  });
  app.addHook("onResponse", async (request, reply) => {
    const status = reply.statusCode;
    const fields = {
      method: request.method,
      route: request.routeOptions.url ?? "(no route)",
      url: pathOf(request.url),
      status,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (status >= 500) request.log.error(fields, "request failed");
    else request.log.info(fields, "request");
  });
}

/** The path without its query string (which may carry keys), cut short. */
function pathOf(url: string): string {
  return (url.split("?")[0] ?? "").slice(0, 200);
}
