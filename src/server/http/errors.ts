import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ApiError } from "../../common/api.ts";
import { MAX_UPLOAD_BYTES } from "../../common/constants.ts";

/** An error whose status, code and message are safe to show the client as they are. */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: string;

  constructor(statusCode: number, code: string, message: string) {
    super(message);
    this.name = "HttpError";
    this.statusCode = statusCode;
    this.code = code;
  }
}

/** JSON schema of the ApiError body; used as the response schema of every 4xx and 5xx. */
export const apiErrorSchema = {
  type: "object",
  required: ["statusCode", "code", "message"],
  properties: {
    statusCode: { type: "integer" },
    code: { type: "string" },
    message: { type: "string" },
  },
} as const;

/** Response schemas shared by every route for its error answers. */
export const errorResponses = { "4xx": apiErrorSchema, "5xx": apiErrorSchema } as const;

const SERVER_FAULT = "Something went wrong on our side; try again.";
const UPLOAD_HINT =
  'send the PNG bytes with Content-Type: image/png, or JSON {"image_data": "data:image/png;base64,..."}';

/** Makes every error and every unknown path answer with an ApiError body; never a stack trace or SQL. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const body = toApiError(error, request);
    if (body.statusCode >= 500) request.log.error({ err: error }, "request failed");
    return sendApiError(reply, body);
  });
  app.setNotFoundHandler((request, reply) =>
    sendApiError(reply, {
      statusCode: 404,
      code: "not_found",
      message: `Nothing is at ${request.method} ${clip(request.url)}; check the address (the drawing page is at /).`,
    }),
  );
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
  void sendApiError(reply, {
    statusCode: 404,
    code: "not_found",
    message: "Nothing is at this address (it is not a valid URL); check the link (the drawing page is at /).",
  });
}

/** Sends an ApiError with its status code. */
export function sendApiError(reply: FastifyReply, body: ApiError): FastifyReply {
  return reply.code(body.statusCode).type("application/json; charset=utf-8").send(body);
}

function toApiError(error: FastifyError, request: FastifyRequest): ApiError {
  if (error instanceof HttpError)
    return { statusCode: error.statusCode, code: error.code, message: error.message };
  if (error.validation) return validationError(error);
  switch (error.code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return {
        statusCode: 413,
        code: "too_large",
        message: `The upload is larger than ${MAX_UPLOAD_BYTES} bytes (2 MiB); send the 600 x 600 canvas as a PNG, which is far smaller.`,
      };
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return {
        statusCode: 415,
        code: "unsupported_media_type",
        message: `Content-Type ${describeContentType(request)} is not accepted; ${UPLOAD_HINT}.`,
      };
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return { statusCode: 400, code: "empty_body", message: `The JSON body is empty; ${UPLOAD_HINT}.` };
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return { statusCode: 400, code: "bad_json", message: `The body is not valid JSON; ${UPLOAD_HINT}.` };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Fastify's own 4xx errors carry plain, safe messages (bad content length, bad URL, ...).
    return { statusCode: status, code: "bad_request", message: error.message };
  }
  return { statusCode: 500, code: "internal_error", message: SERVER_FAULT };
}

function validationError(error: FastifyError): ApiError {
  const first = error.validation?.[0];
  const params = (first?.params ?? {}) as Record<string, unknown>;
  const where = error.validationContext ?? "request";
  if (first?.keyword === "additionalProperties") {
    return {
      statusCode: 400,
      code: "unknown_field",
      message: `The ${where} has an unknown field "${clip(String(params.additionalProperty))}"; ${UPLOAD_HINT}.`,
    };
  }
  if (first?.keyword === "required") {
    return {
      statusCode: 400,
      code: "missing_field",
      message: `The ${where} lacks the field "${String(params.missingProperty)}"; ${UPLOAD_HINT}.`,
    };
  }
  const field = first?.instancePath ? `"${first.instancePath.slice(1)}"` : `The ${where}`;
  return {
    statusCode: 400,
    code: "invalid_request",
    message: `${field} ${first?.message ?? "is invalid"}; ${UPLOAD_HINT}.`,
  };
}

function describeContentType(request: FastifyRequest): string {
  const type = request.headers["content-type"];
  return type === undefined ? "(none)" : `"${clip(type)}"`;
}

/** Echoed input is cut short so an answer never grows with what the client sent. */
function clip(text: string): string {
  return text.length > 100 ? `${text.slice(0, 100)}…` : text;
}
