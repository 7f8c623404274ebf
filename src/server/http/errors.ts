import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ApiError } from "../../common/api.ts";
import { MAX_UPLOAD_BYTES } from "../../common/constants.ts";
import { ApiErrorSchema } from "../../common/wire/drawings.ts";

// One way to fail: handlers and hooks throw HttpError; each route family installs one error handler
// (answerErrorsWith) that shapes the answer: the JSON API here, PostgREST in postgrest/, HTML in pages/.

/** What an HttpError may carry besides its status, code and message. */
export interface HttpErrorOptions {
  /** Headers the answer carries (Retry-After, WWW-Authenticate). */
  readonly headers?: Readonly<Record<string, string>>;
  /** The uploaded image itself was refused (not the request around it); PostgREST calls that 22023. */
  readonly imageRefused?: boolean;
}

/** The one error type: its status, code and message are safe to show the client as they are. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly imageRefused: boolean;

  constructor(statusCode: number, code: string, message: string, options: HttpErrorOptions = {}) {
    super(message);
    this.name = "HttpError";
    this.statusCode = statusCode;
    this.code = code;
    this.headers = options.headers ?? {};
    this.imageRefused = options.imageRefused ?? false;
  }
}

declare module "fastify" {
  interface FastifyRequest {
    /** The error this request was answered with, as its family's handler saw it (metrics count it). */
    refusal: HttpError | undefined;
  }
  interface FastifyContextConfig {
    /** What the route's body must be, said to whoever sends one that cannot be read. */
    readonly accepts?: string;
    /** What the route says to a body past its size limit, when that is not one 2 MiB drawing. */
    readonly tooLarge?: string;
  }
}

/** Response schemas shared by every JSON route for its error answers: the ApiError body (wire/drawings.ts). */
export const errorResponses = { "4xx": ApiErrorSchema, "5xx": ApiErrorSchema } as const;

/** How one route family turns a refusal into its answer; the status and headers are already set. */
export type ErrorAnswer = (refusal: HttpError, request: FastifyRequest, reply: FastifyReply) => FastifyReply;

const SERVER_FAULT = "Something went wrong on our side; try again.";

/**
 * Installs the error handler of one route family (this plugin and its children): it records the refusal for
 * the metrics, logs server faults, sets the status and headers, and lets `answer` write the body.
 */
export function answerErrorsWith(app: FastifyInstance, answer: ErrorAnswer): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const refusal = asHttpError(error, request);
    request.refusal = refusal;
    // Our own refusals were meant (503 not ready); anything else that fails is a fault to look into.
    if (!(error instanceof HttpError) && refusal.statusCode >= 500) {
      request.log.error({ err: error }, "request failed");
    }
    reply.code(refusal.statusCode).headers(refusal.headers);
    return answer(refusal, request, reply);
  });
}

/** The JSON API's answer: an ApiError body, never a stack trace or SQL. */
export const answerJson: ErrorAnswer = (refusal, _request, reply) => {
  const body: ApiError = { statusCode: refusal.statusCode, code: refusal.code, message: refusal.message };
  return reply.type("application/json; charset=utf-8").send(body);
};

/** The HTML pages' answer: the page `render` makes of the refusal, revalidated on every visit. */
export function answerHtml(render: (refusal: HttpError) => string): ErrorAnswer {
  return (refusal, _request, reply) =>
    reply.type("text/html; charset=utf-8").header("Cache-Control", "no-cache").send(render(refusal));
}

/**
 * The app's default family, the JSON API, and its answer for every unknown path; `htmlPage` may answer a
 * browser's request of an unknown page with HTML instead (it returns null where JSON fits).
 */
export function registerErrorHandling(
  app: FastifyInstance,
  htmlPage: (request: FastifyRequest) => string | null = () => null,
): void {
  app.decorateRequest("refusal", undefined);
  answerErrorsWith(app, answerJson);
  app.setNotFoundHandler((request, reply) => {
    const refusal = nothingAt(request);
    const page = htmlPage(request);
    if (page === null) throw refusal;
    request.refusal = refusal;
    return reply.code(404).type("text/html; charset=utf-8").header("Cache-Control", "no-cache").send(page);
  });
}

/** The 404 of an address no route answers. */
export function nothingAt(request: FastifyRequest): HttpError {
  return notFound(
    `Nothing is at ${request.method} ${clip(request.url)}; check the address (the drawing page is at /).`,
  );
}

/** A 404 not_found refusal with this message. */
export function notFound(message: string): HttpError {
  return new HttpError(404, "not_found", message);
}

/**
 * Errors Fastify raises before any route runs (an address that is not valid percent-encoding, an
 * over-long parameter): there is nothing at such an address, so they answer like any unknown path.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  if ((error.statusCode ?? 500) >= 500) request.log.error({ err: error }, "request failed before routing");
  const refusal = notFound(
    "Nothing is at this address (it is not a valid URL); check the link (the drawing page is at /).",
  );
  void answerJson(refusal, request, reply.code(404));
}

/** Any error as the refusal to answer with: ours as it is, Fastify's own named, anything else a 500. */
export function asHttpError(error: FastifyError, request: FastifyRequest): HttpError {
  if (error instanceof HttpError) return error;
  const accepts = request.routeOptions.config.accepts ?? "send what this address accepts (README, API)";
  switch (error.code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return new HttpError(
        413,
        "too_large",
        request.routeOptions.config.tooLarge ??
          `The upload is larger than ${MAX_UPLOAD_BYTES} bytes (2 MiB); send the 600 x 600 canvas as a PNG, which is far smaller.`,
      );
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return new HttpError(
        415,
        "unsupported_media_type",
        `Content-Type ${describeContentType(request)} is not accepted; ${accepts}.`,
      );
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return new HttpError(400, "empty_body", `The JSON body is empty; ${accepts}.`);
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return new HttpError(400, "bad_json", `The body is not valid JSON; ${accepts}.`);
  }
  const status = error.statusCode ?? 500;
  // Fastify's own 4xx errors carry plain, safe messages (bad content length, bad URL, ...).
  if (status >= 400 && status < 500) return new HttpError(status, "bad_request", error.message);
  return new HttpError(500, "internal_error", SERVER_FAULT);
}

function describeContentType(request: FastifyRequest): string {
  const type = request.headers["content-type"];
  return type === undefined ? "(none)" : `"${clip(type)}"`;
}

/** Echoed input is cut short so an answer never grows with what the client sent. */
export function clip(text: string, length = 100): string {
  return text.length > length ? `${text.slice(0, length)}…` : text;
}
